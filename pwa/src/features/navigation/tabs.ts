// The five tabs of the bar at the foot of every page, and what each hub lists.
// This is the one place that says which tab a page belongs to: the tab whose
// hub lists it (or that opens it, for Today and Bible). A new page belongs to
// no tab until a hub lists it, and the tests say so.

import { matchPath } from '../../lib/router';

export type TabId = 'today' | 'bible' | 'pray' | 'plans' | 'me';

/** One place a hub leads to. */
export interface HubLink {
  to: string;
  title: string;
  /** One line: what the place is for. */
  description: string;
  /** Members only (others see what it holds and the way to subscribe). */
  premium?: boolean;
  /** Other addresses of the same page, and pages opened from it (route patterns). */
  also?: string[];
}

export interface HubSection {
  title: string;
  links: HubLink[];
}

export interface Hub {
  /** The page's heading and its name in the route table. */
  title: string;
  sections: HubSection[];
}

export interface Tab {
  id: TabId;
  label: string;
  to: string;
  /** Addresses the tab's own page leads to that no hub lists (route patterns). */
  also?: string[];
  /** The page the tab opens, when it is a list of where to go. */
  hub?: Hub;
}

const PRAY: Hub = {
  title: 'Pray',
  sections: [
    {
      title: 'Prayer',
      links: [
        { to: '/prayer-sessions', title: 'Prayer Sessions', description: 'Guided prayer with a timer' },
        { to: '/prayer-journal', title: 'Prayer Journal', description: 'Your prayers and their answers, kept private', premium: true },
        { to: '/prayer-reminders', title: 'Prayer Reminders', description: 'Times set apart to pray, on the days you choose' },
      ],
    },
    {
      title: 'Together',
      links: [
        {
          to: '/groups',
          title: 'Groups',
          description: 'Pray with your church, small group or family: shared requests and the day\'s reading',
          also: ['/groups/:id', '/join/:code'],
        },
      ],
    },
    {
      title: 'Quiet and Worship',
      links: [
        { to: '/meditation', title: 'Meditation', description: 'Guided sessions on a passage, with a timer' },
        { to: '/worship-music', title: 'Worship Music and Hymns', description: 'Twelve hymns with their words, prayers and listening links' },
      ],
    },
  ],
};

const PLANS: Hub = {
  title: 'Plans',
  sections: [
    {
      title: 'Your Plans',
      links: [
        { to: '/my-plans', title: 'My Plans', description: 'Today in your 30-day meal plan and fitness challenge' },
        { to: '/wellness-goals', title: 'Wellness Goals', description: 'Set your goals and make your personal 30-day plans' },
        {
          to: '/meal-plans',
          title: 'Meal Plans',
          description: 'Biblically inspired menus, day by day',
          also: ['/meal-plans/:id'],
        },
      ],
    },
    {
      title: 'Food and Shopping',
      links: [
        { to: '/shopping-lists', title: 'Shopping Lists', description: 'Lists from your plan, by aisle, to tick off in the shop' },
        { to: '/shopping-calendar', title: 'Shopping Calendar', description: 'Thirty days of weekly lists from a meal plan', premium: true },
        { to: '/food-recipes', title: 'Recipe Ideas', description: "Recipes for today's food spotlight" },
        { to: '/nutrition', title: 'Organic Nutrition', description: "Today's food spotlight and the recent ones" },
        { to: '/farm-finder', title: 'Find Organic Farms', description: "Farm shops and farmers' markets near a ZIP code" },
      ],
    },
    {
      title: 'Movement',
      links: [
        { to: '/fitness', title: 'Movement', description: "Today's exercise and the recent ones" },
        { to: '/exercise-timer', title: 'Exercise Timer', description: "Today's exercise, step by step, with a countdown" },
        { to: '/premium-exercises', title: 'Premium Exercises', description: 'Guided routines for every level', premium: true },
        { to: '/hiking-trails', title: 'Hiking Trails', description: 'Trails near a ZIP code, kept for when there is no signal' },
      ],
    },
    {
      title: 'Health',
      links: [
        { to: '/health', title: 'Health Wisdom', description: "Today's health tip and the recent ones" },
        { to: '/home-remedies', title: 'Home Remedies', description: 'Simple remedies for everyday symptoms', premium: true },
        { to: '/biohack-glossary', title: 'Biohack Glossary', description: 'Techniques explained: how to, benefits and safety', premium: true },
      ],
    },
  ],
};

const ME: Hub = {
  title: 'Me',
  sections: [
    {
      title: 'Kept from Your Reading',
      links: [{ to: '/saved', title: 'Saved', description: 'Favorite readings, highlighted verses and your notes' }],
    },
    {
      title: 'Your Progress',
      links: [
        { to: '/wellness-score', title: 'Wellness Score', description: "Today's wellness check and your grade" },
        { to: '/weight-tracking', title: 'Weight Tracking', description: 'Your weight, progress and milestones' },
        { to: '/premium-dashboard', title: 'Premium Dashboard', description: "Your day's progress and practices", premium: true },
        { to: '/premium-library', title: 'Premium Library', description: 'Recommended reading from Christian classics', premium: true },
        {
          to: '/archive',
          title: 'Premium Archive',
          description: 'Search everything Manna has published',
          premium: true,
          also: ['/premium-archive'],
        },
      ],
    },
    {
      title: 'Account',
      links: [
        { to: '/account', title: 'Your Account', description: 'Who is signed in, password and signing out' },
        { to: '/login', title: 'Log In', description: 'Your account on this device' },
        { to: '/register', title: 'Create Account', description: 'Keep your data on every device you use' },
        { to: '/set-password', title: 'Secure Your Account', description: 'Set or change your password with an emailed code' },
        { to: '/settings', title: 'Your Data', description: 'Appearance, day of rest, calendar, export and import' },
      ],
    },
    {
      title: 'Premium',
      links: [
        {
          to: '/subscribe',
          title: 'Choose Your Plan',
          description: 'Monthly or annual premium',
          also: ['/subscribe-simple', '/checkout', '/checkout-simple'],
        },
        { to: '/already-paid', title: 'Already Paid?', description: 'Restore your subscription with your payment email' },
      ],
    },
    {
      title: 'About Manna',
      links: [
        { to: '/privacy-policy', title: 'Privacy Policy', description: 'What Manna keeps, where, and your choices', also: ['/privacy-policy.html'] },
      ],
    },
  ],
};

export const TABS: Tab[] = [
  { id: 'today', label: 'Today', to: '/' },
  { id: 'bible', label: 'Bible', to: '/bible', also: ['/read', '/read/:translation/:book/:chapter'] },
  { id: 'pray', label: 'Pray', to: '/pray', hub: PRAY },
  { id: 'plans', label: 'Plans', to: '/plans', hub: PLANS },
  {
    id: 'me',
    label: 'Me',
    to: '/me',
    hub: ME,
    // Steps of paying and the spec's other pages: reached by address or from
    // the page before them, never listed beside the person's own pages.
    also: ['/payment', '/subscription-success', '/quick-access', '/activate-premium', '/manual-activation', '/aso-preview', '/welcome'],
  },
];

export type HubId = 'pray' | 'plans' | 'me';

export function hubOf(id: HubId): Hub {
  // Every hub id names a tab with a hub (HubId lists exactly those).
  return TABS.find((t) => t.id === id)!.hub!;
}

/** A link's address without its query: the page it opens. */
const pageOf = (to: string) => to.split(/[?#]/)[0];

/** Every address (route pattern) and the tab it belongs to. */
const PATTERNS: [string, TabId][] = TABS.flatMap((tab) => [
  [tab.to, tab.id] as [string, TabId],
  ...(tab.also ?? []).map((p): [string, TabId] => [p, tab.id]),
  ...(tab.hub?.sections ?? []).flatMap((s) =>
    s.links.flatMap((link) => [pageOf(link.to), ...(link.also ?? [])].map((p): [string, TabId] => [p, tab.id])),
  ),
]);

/** The tab a page belongs to, or undefined for an address no tab leads to. */
export function tabOf(pathname: string): TabId | undefined {
  return PATTERNS.find(([pattern]) => matchPath(pattern, pathname))?.[1];
}
