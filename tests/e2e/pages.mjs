// The pages the accessibility checks visit, each with what shows once it is
// ready (quality.test.mjs and quality-dark.test.mjs), and what they look for
// beside axe's findings.

/** Dates written as 2026-11-24 on screen: dates are shown in the person's language. */
export async function isoDates(page) {
  return (await page.locator('body').innerText()).match(/\b\d{4}-\d{2}-\d{2}\b/g) ?? [];
}

/**
 * Opens each of `pages` in turn, as a person going from page to page in the
 * app does: the first with a full load, the others through the app's own
 * navigation (the address changes and the router follows, with no reload).
 * Once a page is ready, `check(path)` looks at it.
 */
export async function visitEach(page, pages, check) {
  for (const [i, [path, ready]] of pages.entries()) {
    if (i === 0) await page.goto(path);
    else await navigateInApp(page, path);
    await ready(page);
    await check(path);
  }
}

/** Goes to `path` the way the app's links do. The router shows the next page
 *  only once it has loaded, so until then the last one stays: at a new
 *  address, this waits for the tab's title to change, which happens when the
 *  next page is shown (every page has its own title). */
async function navigateInApp(page, path) {
  const from = await page.evaluate(() => ({ pathname: location.pathname, title: document.title }));
  await page.evaluate((to) => {
    history.pushState({ state: null, key: `visit-${performance.now()}` }, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  }, path);
  if (new URL(path, page.url()).pathname !== from.pathname) {
    await page.waitForFunction((title) => document.title !== title, from.title);
  }
}

/** The member the member pages are seen by. */
export const MEMBER = 'member.axe@example.org';

/** Every route, as anyone sees it. */
export const PAGES = [
  ['/', (p) => p.locator('[data-card="snack"] h3').waitFor()],
  ['/wellness-score', (p) => p.getByRole('heading', { name: 'Daily Wellness Check' }).waitFor()],
  ['/weight-tracking', (p) => p.getByText('No entries yet.').waitFor()],
  ['/prayer-reminders', (p) => p.getByText('No prayer reminders yet.').waitFor()],
  ['/subscribe', (p) => p.getByText('Save $20 per year').waitFor()],
  ['/payment?plan=annual', (p) => p.getByRole('button', { name: /Subscribe for/ }).waitFor()],
  ['/subscription-success', (p) => p.getByRole('heading', { name: 'No Payment to Confirm' }).waitFor()],
  ['/already-paid', (p) => p.getByRole('button', { name: 'Verify My Subscription' }).waitFor()],
  ['/quick-access', (p) => p.getByRole('button', { name: 'Access Premium Content' }).waitFor()],
  ['/activate-premium', (p) => p.getByRole('heading', { name: 'Manual Activation Disabled' }).first().waitFor()],
  ['/login', (p) => p.getByRole('button', { name: /Log In/i }).first().waitFor()],
  ['/register', (p) => p.getByLabel('Email').waitFor()],
  ['/set-password', (p) => p.getByLabel('Email').waitFor()],
  ['/meditation', (p) => p.locator('.session-card').first().waitFor()],
  ['/prayer-sessions', (p) => p.locator('.session-card').first().waitFor()],
  ['/food-recipes', (p) => p.locator('.recipe-card').first().waitFor()],
  ['/aso-preview', (p) => p.getByRole('tab', { name: 'Listing' }).waitFor()],
  ['/worship-music', (p) => p.locator('.song-choice').first().waitFor()],
  ['/privacy-policy', (p) => p.getByRole('heading', { name: '7. Contact' }).waitFor()],
  ['/bible', (p) => p.getByRole('heading', { name: 'Cross References' }).waitFor()],
  ['/read/kjv/Ps/23?with=web&q=shepherd', (p) => p.locator('.verse-beside').first().waitFor()],
  [
    '/read/kjv/John/3',
    async (p) => {
      await p.getByRole('button', { name: 'Verse 16: highlight or note' }).click();
      await p.getByRole('button', { name: 'Yellow' }).click();
      await p.locator('#v16.hl-yellow').waitFor();
      await p.getByRole('button', { name: 'Add a note' }).click();
      await p.getByLabel('Your note on John 3:16').waitFor();
    },
  ],
  ['/saved', (p) => p.getByRole('link', { name: 'John 3:16' }).waitFor()],
  [
    '/',
    async (p) => {
      await p.locator('[data-card="reading"]').getByRole('button', { name: 'Highlight or note' }).click();
      await p.getByRole('button', { name: 'Pink' }).click();
      await p.locator('[data-card="reading"] blockquote.hl-pink').waitFor();
    },
  ],
  ['/health', (p) => p.getByRole('heading', { name: 'Recent Tips' }).waitFor()],
  ['/nutrition', (p) => p.getByRole('heading', { name: 'Recent Spotlights' }).waitFor()],
  ['/fitness', (p) => p.locator('.plain-list li').first().waitFor()],
  ['/exercise-timer', (p) => p.getByRole('button', { name: 'Start' }).waitFor()],
  ['/farm-finder', (p) => p.getByRole('heading', { name: 'Why Choose Organic & Local?' }).waitFor()],
  ['/hiking-trails', (p) => p.getByRole('heading', { name: 'Nature Meditation Paths' }).waitFor()],
  ['/account', (p) => p.getByRole('heading', { name: 'You are not signed in' }).waitFor()],
  ['/premium-exercises', (p) => p.getByRole('heading', { name: 'Premium Routine Preview' }).waitFor()],
  ['/prayer-journal', (p) => p.getByRole('heading', { name: 'Get Your Personalized 30-Day Wellness Plan' }).waitFor()],
  ['/premium-dashboard', (p) => p.getByRole('heading', { name: 'Get Your Personalized 30-Day Wellness Plan' }).waitFor()],
  ['/home-remedies', (p) => p.getByRole('heading', { name: 'Get Your Personalized 30-Day Wellness Plan' }).waitFor()],
  ['/biohack-glossary', (p) => p.getByRole('heading', { name: 'Get Your Personalized 30-Day Wellness Plan' }).waitFor()],
  ['/premium-library', (p) => p.getByRole('heading', { name: 'Get Your Personalized 30-Day Wellness Plan' }).waitFor()],
  ['/archive', (p) => p.getByRole('heading', { name: 'Get Your Personalized 30-Day Wellness Plan' }).waitFor()],
  ['/meal-plans', (p) => p.getByRole('heading', { name: '7-Day Whole-Foods Reset' }).waitFor()],
  ['/meal-plans/anti-inflammatory-30day', (p) => p.getByRole('heading', { name: 'Unlock This Meal Plan' }).waitFor()],
  ['/meal-plans/no-such-plan', (p) => p.getByRole('button', { name: 'Back' }).waitFor()],
  ['/wellness-goals', (p) => p.getByText('No assessments yet. Start one above.').waitFor()],
  ['/my-plans', (p) => p.getByRole('heading', { name: 'No Plans Yet' }).waitFor()],
  ['/shopping-lists', (p) => p.getByText('No active lists. Generate one above.').waitFor()],
  ['/shopping-calendar', (p) => p.getByRole('heading', { name: '30-Day Personalized Shopping Lists' }).waitFor()],
  ['/settings', (p) => p.getByRole('button', { name: 'Add to My Calendar' }).waitFor()],
  ['/pray', (p) => p.getByRole('heading', { name: 'Quiet and Worship' }).waitFor()],
  ['/groups', (p) => p.getByText('You are not in a group yet.').waitFor()],
  ['/join/ABCDEFGHJK', (p) => p.getByText(/^No invitation has this code/).waitFor()],
  [
    // A group started here: its requests, then its members with an invitation's link and QR code.
    '/groups?started',
    async (p) => {
      await p.getByLabel('Group name').fill('Thursday prayer');
      await p.getByLabel('Your name in the group').fill('Lydia');
      await p.getByRole('button', { name: 'Start the group' }).click();
      await p.getByRole('heading', { name: 'Thursday prayer', level: 1 }).waitFor();
      await p.getByLabel('Your request').fill('Rain for the farms');
      await p.getByRole('button', { name: 'Share with the group' }).click();
      await p.getByRole('listitem', { name: 'Rain for the farms' }).waitFor();
      await p.getByRole('tab', { name: 'Members' }).click();
      await p.getByRole('button', { name: 'Make an invitation link' }).click();
      await p.getByRole('img', { name: /QR code/ }).waitFor();
    },
  ],
  ['/plans', (p) => p.getByRole('heading', { name: 'Food and Shopping' }).waitFor()],
  ['/me', (p) => p.getByRole('heading', { name: 'About Manna' }).waitFor()],
  ['/no/such/page', (p) => p.getByRole('heading', { name: '404 Page Not Found' }).waitFor()],
];


/** What members see. */
export const MEMBER_PAGES = [
  // Home's header with the account's name and 'Log out' on the green.
  ['/', (p) => p.getByRole('link', { name: /^Signed in as / }).waitFor()],
  ['/premium-dashboard', (p) => p.getByText(/done today$/).waitFor()],
  ['/premium-dashboard?tab=physical', (p) => p.getByRole('link', { name: 'Start Guided Workout' }).waitFor()],
  ['/premium-dashboard?tab=nutrition', (p) => p.locator('[data-card="snack"] h3').waitFor()],
  ['/premium-exercises', (p) => p.getByRole('heading', { name: 'All Routines' }).waitFor()],
  ['/premium-exercises?workout=premium-i01', (p) => p.getByRole('button', { name: 'Start Workout', exact: true }).waitFor()],
  [
    '/home-remedies',
    async (p) => {
      await p.getByRole('button', { name: 'Headache' }).click();
      await p.getByRole('heading', { name: 'When to Seek Professional Care' }).waitFor();
    },
  ],
  [
    '/biohack-glossary',
    async (p) => {
      await p.getByRole('button', { name: /Heat Therapy/ }).click();
      await p.getByRole('heading', { name: 'Sauna Session' }).waitFor();
    },
  ],
  ['/premium-library', (p) => p.getByRole('heading', { name: 'About These Experts' }).waitFor()],
  ['/premium-archive', (p) => p.getByText(/^Found \d+ items$/).waitFor()],
  [
    '/meal-plans/digestive-comfort-14day',
    async (p) => {
      await p.getByRole('button', { name: 'Start This Plan' }).click();
      await p.getByRole('button', { name: 'Start Plan' }).click();
      await p.getByText('Meal Plan Started!').first().waitFor();
      await p.getByRole('tab', { name: 'Daily Plans' }).click();
      await p.getByRole('article', { name: 'Day 1' }).waitFor();
    },
  ],
  [
    '/shopping-lists',
    async (p) => {
      await p.getByRole('button', { name: 'Protein Power Week 1' }).click();
      await p.getByRole('checkbox').first().waitFor();
    },
  ],
  ['/shopping-lists', (p) => p.getByRole('tab', { name: 'Pantry Guide' }).click().then(() => p.getByRole('heading', { name: 'Seeds and Nuts' }).waitFor())],
  [
    '/shopping-calendar',
    async (p) => {
      await p.getByLabel('Meal plan', { exact: true }).selectOption('whole-foods-reset-7day');
      await p.getByRole('button', { name: 'Generate 30-Day Shopping Lists' }).click();
      await p.getByText('Week 1: 7-Day Whole-Foods Reset').first().waitFor();
    },
  ],
  ['/my-plans', (p) => p.getByRole('heading', { name: 'No Plans Yet' }).waitFor()],
  ['/prayer-journal', (p) => p.getByRole('heading', { name: "Today's Prayer Prompts" }).waitFor()],
];
