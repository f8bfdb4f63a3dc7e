// With the server stopped: a member's archive search answered on the device
// (the core's rules over the content saved there), from the last keystroke until the
// results are on screen. That includes the page's 300 ms pause for typing, so
// the search itself is the rest. Median of the queries; target <= 600 ms.
import { registeredBrowser, startServer, launchBrowser } from '../e2e/harness.mjs';

const EMAIL = 'bench.member@example.org';
const QUERIES = ['psalm', 'strength', 'spinach', 'sleep', 'walk', 'peace', 'heart', 'the lord', 'greens', 'rest', 'joy'];
const server = await startServer({ env: { MANNA_OWNER_EMAILS: EMAIL } });
const browser = await launchBrowser();
try {
  const { page } = await registeredBrowser(server, browser, { email: EMAIL });
  await page.goto('/');
  await page.getByText(/Saved for offline use through/).waitFor({ timeout: 30_000 });
  await page.goto('/premium-archive');
  await page.getByText(/^Found \d+ items?$/).waitFor();
  await server.stop();
  const times = [];
  for (const q of QUERIES) {
    const search = page.getByPlaceholder('Search all content...');
    await search.fill(q);
    const start = await page.evaluate(() => performance.now());
    // The results shown are this query's, answered on the device (checked on
    // every frame, so the figure is not rounded to a polling interval).
    const shownAt = await page.waitForFunction(
      (query) => {
        const results = document.querySelector(`[data-results-for="${CSS.escape(query)}"]`);
        return results && /offline/.test(results.textContent) ? performance.now() : false;
      },
      q,
      { polling: 'raf' },
    );
    times.push((await shownAt.jsonValue()) - start);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  console.log(`offline archive search, last keystroke to results (median of ${times.length}): ${Math.round(median)} ms incl. the 300 ms typing pause (target <= 600 ms); all: ${times.map(Math.round).join(', ')}`);
  if (median > 600) process.exitCode = 1;
} finally {
  await browser.close();
  await server.dispose();
}
