// The route table: every page of the app, its title (the tab's title; a page
// may name itself more precisely through its header) and, for tools, the tile
// Home shows for it. A page added here with a `tool` appears in Home's
// Wellness Tools grid.

import { isValidElement, type ReactNode } from 'react';
import { matchPath } from '../lib/router';
import { isLazyPage, lazyPage } from './lazyPage';
import { APP_TITLE } from '../components/pageTitle';
import type { Tool } from '../features/home';
// Home is the first screen of nearly every visit: its code comes with the app
// (a lazy page always waits a moment before it shows).
import HomePage from '../features/home/HomePage';

export interface AppRoute {
  path: string;
  /** The page's name in the tab ("Name · Manna"; Home's is the app's whole title). */
  title: string;
  render: () => ReactNode;
  /** Shown in Home's Wellness Tools grid. */
  tool?: Omit<Tool, 'to'>;
}

const WeightTrackingPage = lazyPage(() => import('../features/weight/WeightTrackingPage'));
const PrayerRemindersPage = lazyPage(() => import('../features/reminders/PrayerRemindersPage'));
const WellnessScorePage = lazyPage(() => import('../features/wellness/WellnessScorePage'));
const SubscribePage = lazyPage(() => import('../features/premium/SubscribePage'));
const PaymentPage = lazyPage(() => import('../features/premium/PaymentPage'));
const SubscriptionSuccessPage = lazyPage(() => import('../features/premium/SubscriptionSuccessPage'));
const AlreadyPaidPage = lazyPage(() => import('../features/premium/RestoreAccessPage').then((m) => ({ default: m.AlreadyPaidPage })));
const QuickAccessPage = lazyPage(() => import('../features/premium/RestoreAccessPage').then((m) => ({ default: m.QuickAccessPage })));
const ManualActivationPage = lazyPage(() => import('../features/premium/ManualActivationPage'));
const LoginPage = lazyPage(() => import('../features/account/AccountForms').then((m) => ({ default: m.LoginPage })));
const RegisterPage = lazyPage(() => import('../features/account/AccountForms').then((m) => ({ default: m.RegisterPage })));
const FoodRecipesPage = lazyPage(() => import('../features/recipes/FoodRecipesPage'));
const SessionsPage = lazyPage(() => import('../features/sessions/SessionsPage'));
const AsoPreviewPage = lazyPage(() => import('../features/aso/AsoPreviewPage'));
const WorshipMusicPage = lazyPage(() => import('../features/worship/WorshipMusicPage'));
const PrivacyPolicyPage = lazyPage(() => import('../features/legal/PrivacyPolicyPage'));
const TopicPage = lazyPage(() => import('../features/topics/TopicPage'));
const ExerciseTimerPage = lazyPage(() => import('../features/sessions/ExerciseTimerPage'));
const AccountPage = lazyPage(() => import('../features/account/AccountPage'));
const BiblePage = lazyPage(() => import('../features/bible/BiblePage'));
const ReaderPage = lazyPage(() => import('../features/read/ReaderPage'));
const ReadStart = lazyPage(() => import('../features/read/ReaderPage').then((m) => ({ default: m.ReadStart })));
const PremiumDashboardPage = lazyPage(() => import('../features/dashboard/PremiumDashboardPage'));
const PremiumExercisesPage = lazyPage(() => import('../features/premium-exercises/PremiumExercisesPage'));
const PrayerJournalPage = lazyPage(() => import('../features/journal/PrayerJournalPage'));
const HomeRemediesPage = lazyPage(() => import('../features/remedies/HomeRemediesPage'));
const BiohackGlossaryPage = lazyPage(() => import('../features/glossary/BiohackGlossaryPage'));
const PremiumLibraryPage = lazyPage(() => import('../features/library/PremiumLibraryPage'));
const ArchivePage = lazyPage(() => import('../features/archive/ArchivePage'));
const MealPlansPage = lazyPage(() => import('../features/plans/MealPlansPage'));
const MealPlanDetailPage = lazyPage(() => import('../features/plans/MealPlanDetailPage'));
const WellnessGoalsPage = lazyPage(() => import('../features/plans/WellnessGoalsPage'));
const MyPlansPage = lazyPage(() => import('../features/plans/MyPlansPage'));
const ShoppingListsPage = lazyPage(() => import('../features/shopping/ShoppingListsPage'));
const ShoppingCalendarPage = lazyPage(() => import('../features/shopping/ShoppingCalendarPage'));
const SettingsPage = lazyPage(() => import('../features/settings/SettingsPage'));
const WelcomePage = lazyPage(() => import('../features/welcome').then((m) => ({ default: m.WelcomePage })));
const SetPasswordPage = lazyPage(() => import('../features/account/AccountForms').then((m) => ({ default: m.SetPasswordPage })));
const HubPage = lazyPage(() => import('../features/navigation/HubPage'));
const SavedPage = lazyPage(() => import('../features/saved/SavedPage'));
const GroupsPage = lazyPage(() => import('../features/groups/GroupsPage'));
const GroupPage = lazyPage(() => import('../features/groups/GroupPage'));
const JoinPage = lazyPage(() => import('../features/groups/JoinPage'));
const FarmFinderPage = lazyPage(() => import('../features/finders/FarmFinderPage'));
const HikingTrailsPage = lazyPage(() => import('../features/finders/HikingTrailsPage'));

/** The tab's name for an address the app does not have. */
export const NOT_FOUND_TITLE = 'Page Not Found';

export const ROUTES: AppRoute[] = [
  { path: '/', title: APP_TITLE, render: () => <HomePage tools={TOOLS} /> },
  {
    path: '/wellness-score',
    title: 'Daily Wellness Check',
    render: () => <WellnessScorePage />,
    tool: { title: 'Wellness Score', subtitle: 'Daily assessment', icon: '✓' },
  },
  {
    path: '/weight-tracking',
    title: 'Weight Tracking',
    render: () => <WeightTrackingPage />,
    tool: { title: 'Weight Tracking', subtitle: 'Progress and milestones', icon: '⚖' },
  },
  {
    path: '/prayer-reminders',
    title: 'Prayer Reminders',
    render: () => <PrayerRemindersPage />,
    tool: { title: 'Prayer Reminders', subtitle: 'Times set apart to pray', icon: '◷' },
  },
  ...['/subscribe', '/subscribe-simple', '/checkout', '/checkout-simple'].map((path) => ({
    path,
    title: 'Choose Your Plan',
    render: () => <SubscribePage />,
  })),
  { path: '/payment', title: 'Payment', render: () => <PaymentPage /> },
  { path: '/subscription-success', title: 'Subscription', render: () => <SubscriptionSuccessPage /> },
  { path: '/already-paid', title: 'Already Paid?', render: () => <AlreadyPaidPage /> },
  { path: '/quick-access', title: 'Quick Access', render: () => <QuickAccessPage /> },
  ...['/activate-premium', '/manual-activation'].map((path) => ({
    path,
    title: 'Manual Activation Disabled',
    render: () => <ManualActivationPage />,
  })),
  { path: '/login', title: 'Log In', render: () => <LoginPage /> },
  { path: '/register', title: 'Create Account', render: () => <RegisterPage /> },
  { path: '/set-password', title: 'Secure Your Account', render: () => <SetPasswordPage /> },
  { path: '/account', title: 'Your Account', render: () => <AccountPage /> },
  { path: '/saved', title: 'Saved', render: () => <SavedPage /> },
  { path: '/exercise-timer', title: 'Exercise Timer', render: () => <ExerciseTimerPage /> },
  ...['/privacy-policy', '/privacy-policy.html'].map((path) => ({
    path,
    title: 'Privacy Policy',
    render: () => <PrivacyPolicyPage />,
  })),
  {
    path: '/meditation',
    title: 'Meditation and Prayer',
    render: () => <SessionsPage kind="meditation" />,
    tool: { title: 'Meditation', subtitle: 'Guided sessions with a timer', icon: '☼' },
  },
  {
    path: '/prayer-sessions',
    title: 'Prayer Sessions',
    render: () => <SessionsPage kind="prayer" />,
    tool: { title: 'Prayer Sessions', subtitle: 'Guided prayer with a timer', icon: '✝' },
  },
  {
    path: '/worship-music',
    title: 'Worship and Prayer',
    render: () => <WorshipMusicPage />,
    tool: { title: 'Worship Music', subtitle: 'Praise & worship', icon: '♪' },
  },
  {
    path: '/farm-finder',
    title: 'Find Organic Farms',
    render: () => <FarmFinderPage />,
    tool: { title: 'Find Organic Farms', subtitle: 'Local chemical-free food', icon: '❦' },
  },
  {
    path: '/hiking-trails',
    title: 'Hiking Trails',
    render: () => <HikingTrailsPage />,
    tool: { title: 'Hiking Trails', subtitle: 'Nature meditation paths', icon: '▲' },
  },
  { path: '/food-recipes', title: 'Recipe Ideas', render: () => <FoodRecipesPage /> },
  { path: '/aso-preview', title: 'App Store Toolkit', render: () => <AsoPreviewPage /> },
  { path: '/bible', title: 'Bible Study Center', render: () => <BiblePage /> },
  { path: '/read', title: 'Bible Reader', render: () => <ReadStart /> },
  { path: '/read/:translation/:book/:chapter', title: 'Bible Reader', render: () => <ReaderPage /> },
  { path: '/health', title: 'Health Wisdom', render: () => <TopicPage topic="health" /> },
  { path: '/nutrition', title: 'Organic Nutrition', render: () => <TopicPage topic="nutrition" /> },
  { path: '/fitness', title: 'Movement', render: () => <TopicPage topic="fitness" /> },
  { path: '/premium-dashboard', title: 'Premium Dashboard', render: () => <PremiumDashboardPage /> },
  { path: '/premium-exercises', title: 'Premium Exercises', render: () => <PremiumExercisesPage /> },
  { path: '/home-remedies', title: 'Home Remedies', render: () => <HomeRemediesPage /> },
  { path: '/biohack-glossary', title: 'Biohack Glossary', render: () => <BiohackGlossaryPage /> },
  { path: '/premium-library', title: 'Premium Library', render: () => <PremiumLibraryPage /> },
  ...['/archive', '/premium-archive'].map((path) => ({ path, title: 'Premium Archive', render: () => <ArchivePage /> })),
  {
    path: '/meal-plans',
    title: 'Wholistic Meal Plans',
    render: () => <MealPlansPage />,
    tool: { title: 'Meal Plans', subtitle: 'Biblically inspired menus', icon: '❀' },
  },
  { path: '/meal-plans/:id', title: 'Meal Plan', render: () => <MealPlanDetailPage /> },
  {
    path: '/wellness-goals',
    title: 'Wellness Goals',
    render: () => <WellnessGoalsPage />,
    tool: { title: 'Wellness Goals', subtitle: 'Your personal 30-day plans', icon: '◎' },
  },
  {
    path: '/my-plans',
    title: 'My Wellness Plans',
    render: () => <MyPlansPage />,
    tool: { title: 'My Plans', subtitle: 'Today in your 30 days', icon: '☷' },
  },
  {
    path: '/shopping-lists',
    title: 'Shopping Lists',
    render: () => <ShoppingListsPage />,
    tool: { title: 'Shopping Lists', subtitle: 'Generated from your plan', icon: '☑' },
  },
  { path: '/settings', title: 'Your Data', render: () => <SettingsPage /> },
  { path: '/welcome', title: 'Welcome', render: () => <WelcomePage /> },
  { path: '/shopping-calendar', title: '30-Day Shopping Calendar', render: () => <ShoppingCalendarPage /> },
  {
    path: '/prayer-journal',
    title: 'Prayer Journal',
    render: () => <PrayerJournalPage />,
    tool: { title: 'Prayer Journal', subtitle: 'Private prayers, synced', icon: '✎' },
  },
  { path: '/groups', title: 'Praying Together', render: () => <GroupsPage /> },
  { path: '/groups/:id', title: 'Group', render: () => <GroupPage /> },
  { path: '/join/:code', title: 'Join a Group', render: () => <JoinPage /> },
  // The hubs the tab bar opens (their lists are in features/navigation/tabs.ts).
  { path: '/pray', title: 'Pray', render: () => <HubPage hub="pray" /> },
  { path: '/plans', title: 'Plans', render: () => <HubPage hub="plans" /> },
  { path: '/me', title: 'Me', render: () => <HubPage hub="me" /> },
];

/** The tiles of Home's Wellness Tools grid, in route order. */
export const TOOLS: Tool[] = ROUTES.flatMap((r) => (r.tool ? [{ ...r.tool, to: r.path }] : []));

/**
 * Starts loading the code of the page at `pathname` (as the router matches
 * it), so that it arrives while the app starts rather than after its first
 * render; answers when it is in (or failed: the page then shows its own
 * error). Home's code comes with the app; an unknown address loads nothing.
 */
export function preloadPage(pathname: string): Promise<unknown> {
  const route = ROUTES.find((r) => matchPath(r.path, pathname));
  const element = route?.render();
  if (!isValidElement(element) || !isLazyPage(element.type)) return Promise.resolve();
  return element.type.preload().catch(() => undefined);
}
