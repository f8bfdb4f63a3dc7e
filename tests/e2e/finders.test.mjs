// The farm and trail finders as a person uses them, over a stand-in for the
// Overpass API: Home's tiles, a search with its results (each farm's and
// trail's distance checked against a haversine written here), an empty search
// and its double-radius retry, a failing search, the same search offline
// answered from the device with its date, an area saved for offline, and a
// server with no place data saying so. Each state is scanned with axe.

import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { seriousProblems } from './axe.mjs';
import { PHONE, launchBrowser, startServer } from './harness.mjs';

/** ZIP 43215 (Columbus, Ohio) as the server's table has it. */
const CENTRE = [39.9671, -83.0044];
const at = (north, east) => [CENTRE[0] + north / 69.09, CENTRE[1] + east / (69.17 * Math.cos((CENTRE[0] * Math.PI) / 180))];

function haversine([lat1, lon1], [lat2, lon2]) {
  const r = (d) => (d * Math.PI) / 180;
  const h = Math.sin(r(lat2 - lat1) / 2) ** 2 + Math.cos(r(lat1)) * Math.cos(r(lat2)) * Math.sin(r(lon2 - lon1) / 2) ** 2;
  return 2 * 3958.8 * Math.asin(Math.sqrt(h));
}

const FARM = at(3, 0);
const MARKET = at(-15, 0);
const NEAR_TRAIL = [at(0.2, 0), at(0.3, 0.2)];
const RIDGE = [at(6, 6), at(7, 7)];

const point = ([lat, lon]) => ({ lat, lon });
const FARMS = {
  elements: [
    { type: 'node', id: 11, lat: FARM[0], lon: FARM[1], tags: { shop: 'farm', name: 'Hilltop Farm', organic: 'only', produce: 'vegetables;eggs', 'payment:snap': 'yes', opening_hours: 'Sa 08:00-12:00' } },
    { type: 'way', id: 12, center: point(MARKET), tags: { amenity: 'marketplace', marketplace: 'farmers', name: 'Riverside Farmers Market' } },
  ],
};
const TRAILS = {
  elements: [
    { type: 'way', id: 21, nodes: [1, 2], geometry: NEAR_TRAIL.map(point), tags: { highway: 'path', name: 'Park Loop', dog: 'yes', surface: 'gravel' } },
    { type: 'relation', id: 22, tags: { type: 'route', route: 'hiking', name: 'Ridge Trail', sac_scale: 'mountain_hiking' },
      members: [{ type: 'way', ref: 23, role: '', geometry: RIDGE.map(point) }] },
  ],
};

/** The stand-in: answers farms or trails by what the query asks, or fails. */
async function fakeOverpass() {
  const fake = { mode: 'answer', asked: 0 };
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      fake.asked += 1;
      if (fake.mode === 'fail') {
        res.writeHead(504).end('timeout');
        return;
      }
      const query = new URLSearchParams(body).get('data') ?? '';
      // As Overpass does: a relation's members and a way's nodes only with body output.
      const bare = (answer) => ({ elements: answer.elements.map(({ members, nodes, ...rest }) => rest) });
      const answer = query.includes('"shop"') ? FARMS : query.includes('out body') ? TRAILS : bare(TRAILS);
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(answer));
    });
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  fake.url = `http://127.0.0.1:${server.address().port}/api/interpreter`;
  fake.close = () => new Promise((r) => server.close(r));
  return fake;
}

/** A stand-in tile server: a 1×1 PNG for every tile, counting the asks. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkaPhfDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
async function fakeTiles() {
  const tiles = { asked: 0 };
  const server = createServer((req, res) => {
    tiles.asked += 1;
    res.writeHead(200, { 'Content-Type': 'image/png' }).end(PNG);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  tiles.url = `http://127.0.0.1:${server.address().port}/{z}/{x}/{y}.png`;
  tiles.close = () => new Promise((r) => server.close(r));
  return tiles;
}

describe('farm and trail finders', () => {
  const env = {};
  before(async () => {
    [env.fake, env.tiles] = await Promise.all([fakeOverpass(), fakeTiles()]);
    [env.server, env.empty, env.browser] = await Promise.all([
      startServer({ env: { MANNA_OVERPASS_URL: env.fake.url, MANNA_OVERPASS_TIMEOUT: '2', MANNA_MAP_TILES: env.tiles.url, MANNA_MAP_ATTRIBUTION: 'Test tiles' } }),
      startServer(),
      launchBrowser(),
    ]);
  });
  after(async () => {
    await env.browser?.close();
    await env.server?.dispose();
    await env.empty?.dispose();
    await env.fake?.close();
    await env.tiles?.close();
  });

  test('farms: from Home, results, an empty search widened, failure, offline from the device, a saved area', async () => {
    const context = await env.browser.newContext({ ...PHONE, baseURL: env.server.base });
    const page = await context.newPage();
    const problems = [];
    const scan = async (state) => {
      for (const p of await seriousProblems(page)) problems.push(`${state}: ${p}`);
    };
    await page.goto('/');
    await page.getByRole('link', { name: /Find Organic Farms/ }).filter({ hasText: 'Local chemical-free food' }).click();
    await page.waitForURL(/\/farm-finder$/);
    await page.getByRole('heading', { name: 'Why Choose Organic & Local?' }).waitFor();
    const find = page.getByRole('button', { name: 'Find Farms' });
    assert.equal(await find.isDisabled(), true, 'no ZIP, no search');
    await scan('intro');

    // Within 10 miles: only the farm 3 miles away.
    await page.getByLabel('ZIP code').fill('43215');
    await page.getByLabel('Search radius').selectOption('10');
    await find.click();
    await page.getByRole('heading', { name: 'Found 1 organic farm near 43215' }).waitFor();
    const card = page.locator('article.place').first();
    await card.getByText('Certified Organic').waitFor();
    await card.getByText(`${(Math.round(haversine(CENTRE, FARM) * 10) / 10).toFixed(1)} miles`).waitFor();
    await card.getByText('Products Available:').waitFor();
    await card.getByText('SNAP/EBT').waitFor();
    assert.equal(await card.getByText('WIC', { exact: true }).count(), 0, 'the data does not say WIC');
    assert.equal(await card.getByRole('link', { name: 'Visit Website' }).count(), 0, 'no website in the data');
    await page.getByRole('link', { name: /OpenStreetMap contributors/ }).waitFor();
    // The map: the ZIP's centre and the farm, over the configured tiles with their credit.
    const map = page.getByRole('region', { name: 'Map of the farms found' });
    await map.locator('path.leaflet-interactive').nth(1).waitFor();
    assert.equal(await map.locator('path.leaflet-interactive').count(), 2);
    await map.getByText('Test tiles').waitFor();
    await page.waitForFunction(() => [...document.querySelectorAll('.leaflet-tile')].some((t) => t.classList.contains('leaflet-tile-loaded')));
    assert.ok(env.tiles.asked > 0, 'the tiles were asked for');
    await scan('results');

    // Galena (43021) is 14.8 miles from the farm: nothing within 10 miles,
    // the farm within the 20 the button searches.
    await page.getByLabel('ZIP code').fill('43021');
    await find.click();
    await page.getByRole('heading', { name: 'No farms found in this area' }).waitFor();
    await scan('empty');
    await page.getByRole('button', { name: 'Search within 20 miles' }).click();
    await page.getByRole('heading', { name: 'Found 1 organic farm near 43021' }).waitFor();

    // Back to 43215 within 25 miles; keep the area for offline.
    await page.getByLabel('ZIP code').fill('43215');
    await page.getByLabel('Search radius').selectOption('25');
    await find.click();
    await page.getByRole('heading', { name: 'Found 2 organic farms near 43215' }).waitFor();
    await page.getByRole('button', { name: 'Save this area for offline' }).click();
    await page.getByRole('button', { name: /Saved for offline/ }).waitFor();

    // The live source fails for an area never asked about: the failure panel.
    env.fake.mode = 'fail';
    await page.getByLabel('ZIP code').fill('45202');
    await find.click();
    await page.getByText('Unable to search farms at this time. Please try again later.').waitFor();
    await scan('failure');
    env.fake.mode = 'answer';

    // Offline: the same search answers from the device, with its date.
    await context.setOffline(true);
    await page.getByLabel('ZIP code').fill('43215');
    await find.click();
    await page.getByText(/^Saved results from /).waitFor();
    await page.getByRole('heading', { name: 'Found 2 organic farms near 43215' }).waitFor();
    assert.equal(await page.getByRole('region', { name: 'Map of the farms found' }).count(), 0, 'no map offline: the list says it all');
    await scan('offline');
    await page.reload().catch(() => undefined);
    await context.setOffline(false);
    await page.goto('/farm-finder');
    await page.getByRole('heading', { name: 'Saved for offline' }).waitFor();
    await page.getByText('Near 43215, within 25 miles').waitFor();
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('trails: results with difficulty, feet under a mile, flags and directions; empty; failure; offline', async () => {
    const context = await env.browser.newContext({ ...PHONE, baseURL: env.server.base, colorScheme: 'dark' });
    const page = await context.newPage();
    const problems = [];
    const scan = async (state) => {
      for (const p of await seriousProblems(page)) problems.push(`${state}: ${p}`);
    };
    await page.goto('/');
    await page.getByRole('link', { name: /Hiking Trails/ }).filter({ hasText: 'Nature meditation paths' }).click();
    await page.waitForURL(/\/hiking-trails$/);
    await page.getByLabel('ZIP code').fill('43215');
    await page.getByRole('button', { name: 'Find Trails' }).click();
    await page.getByRole('heading', { name: /Found 2 trails near 43215/ }).waitFor();
    await page.getByText('Within 25 miles').waitFor();
    const park = page.locator('article.place', { hasText: 'Park Loop' });
    const feet = Math.round(Math.min(...NEAR_TRAIL.map((p) => haversine(CENTRE, p))) * 5280);
    const shown = Number(/(\d+) ft away/.exec(await park.innerText())?.[1]);
    assert.ok(Math.abs(shown - feet) <= 1, `${shown} ft shown, ${feet} ft by the haversine`);
    await park.getByText('Dog-friendly').waitFor();
    assert.equal(await park.getByText('Biking allowed').count(), 0, 'the data does not say');
    const directions = await park.getByRole('link', { name: 'Directions' }).getAttribute('href');
    assert.ok(directions.startsWith('https://www.openstreetmap.org/'), directions);
    const ridge = page.locator('article.place', { hasText: 'Ridge Trail' });
    await ridge.getByText('Moderate').waitFor();
    const miles = Math.min(...RIDGE.map((p) => haversine(CENTRE, p)));
    await ridge.getByText(`${(Math.round(miles * 10) / 10).toFixed(1)} miles away`, { exact: false }).waitFor();
    await scan('results');

    // A radius too small for either trail, widened.
    await page.getByLabel('Radius (miles)').fill('0.5');
    await page.getByLabel('ZIP code').fill('43021');
    await page.getByRole('button', { name: 'Find Trails' }).click();
    await page.getByRole('heading', { name: 'No trails found' }).waitFor();
    await page.getByText('Try expanding your search radius or search a different area.').waitFor();
    await scan('empty');
    await page.getByRole('button', { name: 'Search within 2 miles' }).waitFor();

    env.fake.mode = 'fail';
    await page.getByLabel('ZIP code').fill('45202');
    await page.getByRole('button', { name: 'Find Trails' }).click();
    await page.getByText('Failed to search for trails. Please try again.', { exact: true }).first().waitFor();
    env.fake.mode = 'answer';

    await context.setOffline(true);
    await page.getByLabel('ZIP code').fill('43215');
    await page.getByLabel('Radius (miles)').fill('25');
    await page.getByRole('button', { name: 'Find Trails' }).click();
    await page.getByText(/^Saved results from /).waitFor();
    await page.getByRole('heading', { name: /Found 2 trails near 43215/ }).waitFor();
    await context.setOffline(false);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('a server with no place data says so in a person\'s words, offers what still helps, and a bad ZIP is explained beside its field', async () => {
    const context = await env.browser.newContext({ ...PHONE, baseURL: env.empty.base });
    const page = await context.newPage();
    await page.goto('/hiking-trails');
    await page.getByLabel('ZIP code').fill('43215');
    await page.getByRole('button', { name: 'Find Trails' }).click();
    await page.getByRole('heading', { name: 'Trail search is not available here yet' }).waitFor();
    await page.getByRole('link', { name: "Today's movement" }).waitFor();
    await page.goto('/farm-finder');
    const zip = page.getByLabel('ZIP code');
    await zip.fill('00000');
    await page.getByRole('button', { name: 'Find Farms' }).click();
    await page.getByRole('alert').filter({ hasText: '00000 is not a US ZIP code.' }).waitFor();
    assert.equal(await page.getByText('zip:').count(), 0, 'no wire name in the words');
    assert.equal(await zip.getAttribute('aria-invalid'), 'true');
    // Typing another ZIP takes the refusal of the old one away.
    await zip.fill('4321');
    await page.getByText('00000 is not a US ZIP code.').waitFor({ state: 'detached' });
    assert.equal(await zip.getAttribute('aria-invalid'), 'false');
    await zip.fill('43215');
    await page.getByRole('button', { name: 'Find Farms' }).click();
    await page.getByRole('heading', { name: 'Farm search is not available here yet' }).waitFor();
    // Nothing for the server's operator reaches the person.
    for (const operatorWords of ['import-places', 'MANNA_OVERPASS_URL', 'osm.pbf']) {
      assert.equal(await page.getByText(operatorWords).count(), 0, operatorWords);
    }
    assert.deepEqual(await seriousProblems(page), []);
    await page.getByRole('link', { name: "Today's food and recipes" }).click();
    await page.waitForURL('**/food-recipes');
    await context.close();
  });
});
