// /premium-dashboard: the member's own day. The progress bar and its four
// items come from the day's synced completions (ticked where each is done, or
// here for the reading and prayer done away from the app); 'Member Since' and
// the subscription state are the server's; the quick buttons carry real
// counts. Tabs by `?tab=`: spiritual (default), physical, nutrition.

import { use } from 'react';
import { Link } from '../../lib/router';
import { useSearchParams } from '../../lib/searchParams';
import { CardSkeleton } from '../../components/CardSkeleton';
import { Tabs } from '../../components/Tabs';
import { useMealPlans } from '../../content/mealPlans';
import { useContentList } from '../../content/useContentList';
import { useDaily } from '../../content/useDaily';
import { MEMBER_SINCE_KEY, STATUS_KEY } from '../../entitlement/mirror';
import type { GlossaryCategory, PremiumRoutine } from '../../generated/content';
import { storage } from '../../lib/storage';
import { useRecords } from '../../sync/useRecords';
import { loadCore, todayIn } from '../../wasm/core';
import { BiblicalFoodCard, BiohackCard, SnackCard, SpotlightCard } from '../home';
import { planLabel } from '../premium';
import { PremiumOnly } from '../upgrade';
import { CompletionRefusals, markDone, PRACTICE_LABELS, PRACTICES, useCompletions, type Practice } from '../progress';
import { dayLabel } from '../../lib/dates';
import { Paragraphs } from '../../components/Paragraphs';

const TABS = [
  { id: 'spiritual', label: 'Spiritual' },
  { id: 'physical', label: 'Physical' },
  { id: 'nutrition', label: 'Nutrition' },
] as const;
type TabId = (typeof TABS)[number]['id'];

/** Where each practice is done in the app. */
const PRACTICE_LINKS: Record<Practice, { to: string; label: string }> = {
  reading: { to: '/bible', label: 'Study the passage' },
  prayer: { to: '/prayer-sessions', label: 'Guided prayer' },
  exercise: { to: '/premium-exercises', label: 'Choose a workout' },
  meditation: { to: '/meditation', label: 'Start a meditation' },
};

const longDate = (iso: string) => dayLabel(iso, { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });

export default function PremiumDashboardPage() {
  return (
    <PremiumOnly title="Premium Dashboard" className="dashboard">
      {(plan) => <Dashboard plan={plan} />}
    </PremiumOnly>
  );
}

function Dashboard({ plan }: { plan: string }) {
  const core = use(loadCore());
  const today = todayIn(core);
  const [params, setParams] = useSearchParams();
  const wanted = params.get('tab');
  const tab: TabId = TABS.some((t) => t.id === wanted) ? (wanted as TabId) : 'spiritual';
  const since = Number(storage.get(MEMBER_SINCE_KEY)) || 0;
  const trialing = storage.get(STATUS_KEY) === 'trialing';

  return (
    <>
      <section className="card dashboard-welcome" aria-labelledby="welcome-title">
        <span className="premium-pill">PREMIUM MEMBER</span>
        <h2 id="welcome-title">Welcome to Your Premium Dashboard</h2>
        <p className="meta">{longDate(today)}</p>
        <dl className="facts">
          {since > 0 && (
            <div>
              <dt>Member Since</dt>
              <dd>{new Date(since).toLocaleDateString(undefined, { month: 'long', year: 'numeric' })}</dd>
            </div>
          )}
          <div>
            <dt>Subscription</dt>
            <dd>{trialing ? 'Active (free trial)' : 'Active'}</dd>
          </div>
          <div>
            <dt>Plan</dt>
            <dd>{planLabel(plan)}</dd>
          </div>
        </dl>
      </section>

      <TodayProgress today={today} />
      <QuickButtons />

      <Tabs name="dashboard" label="Your day" tabs={TABS} selected={tab} onSelect={(id) => setParams({ tab: id }, { replace: true })}>
        {tab === 'spiritual' && <Spiritual today={today} />}
        {tab === 'physical' && <Physical today={today} />}
        {tab === 'nutrition' && (
          <>
            <SpotlightCard date={today} title="Today's Food Spotlight" />
            <BiblicalFoodCard date={today} />
            <SnackCard date={today} />
            <SampleMealPlan />
          </>
        )}
      </Tabs>

      <div className="row-actions">
        <Link className="btn btn-outline" to="/">
          Back to Home
        </Link>
        <Link className="btn btn-outline" to="/premium-archive">
          Premium Archive
        </Link>
      </div>
    </>
  );
}

function TodayProgress({ today }: { today: string }) {
  const { byDate, failed } = useCompletions();
  const done = byDate?.get(today) ?? [];
  const percent = Math.round((done.length / PRACTICES.length) * 100);
  return (
    <section className="card" aria-labelledby="progress-title">
      <h2 id="progress-title" className="card-title">
        Today&apos;s Wellness Progress
      </h2>
      {failed && <p role="alert">Your progress couldn&apos;t be read on this device.</p>}
      <CompletionRefusals />
      <div
        className="progress"
        role="progressbar"
        aria-label="Today's wellness progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={byDate ? percent : undefined}
      >
        <div className="progress-fill" style={{ width: `${percent}%` }} />
      </div>
      <p className="meta">{byDate ? `${percent}% · ${done.length} of ${PRACTICES.length} done today` : 'Loading your progress…'}</p>
      <ul className="plain-list practice-list">
        {PRACTICES.map((p) => {
          const isDone = done.includes(p);
          return (
            <li key={p} className={isDone ? 'done' : undefined}>
              <span aria-hidden="true">{isDone ? '✓' : '○'}</span> <strong>{PRACTICE_LABELS[p]}</strong>{' '}
              <span className="meta">{isDone ? 'Done' : 'Pending'}</span>
              {!isDone && (
                <span className="practice-actions">
                  <Link to={PRACTICE_LINKS[p].to}>{PRACTICE_LINKS[p].label}</Link>
                  {(p === 'reading' || p === 'prayer') && (
                    <button type="button" className="btn btn-small btn-outline" onClick={() => void markDone(p, today)}>
                      {p === 'reading' ? 'Mark as Read' : 'Mark as Prayed'}
                    </button>
                  )}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function QuickButtons() {
  const reminders = useRecords('prayerReminders').value;
  const active = reminders?.filter((r) => r.fields.isActive === 1).length;
  const categories = useContentList<GlossaryCategory>('/api/biohack-categories').data?.length;
  const plans = useMealPlans().data?.length;
  const buttons = [
    { to: '/biohack-glossary', title: 'Biohack Glossary', detail: categories ? `${categories} optimization categories` : 'Techniques with safety notes' },
    { to: '/prayer-reminders', title: 'Prayer Reminders', detail: active === undefined ? '' : `${active} ${active === 1 ? 'reminder' : 'reminders'} set` },
    { to: '/prayer-journal', title: 'Prayer Journal', detail: 'Private, on all your devices' },
    { to: '/premium-exercises', title: 'Premium Workouts', detail: 'Guided routines at three levels' },
    { to: '/home-remedies', title: 'Home Remedies', detail: 'Kitchen remedies, with safety advice' },
    { to: '/premium-library', title: 'Premium Library', detail: 'Classic Christian readings' },
    { to: '/meal-plans', title: 'Meal Plans', detail: plans ? `${plans} wholistic plans` : 'Wholistic menus by category' },
    { to: '/wellness-goals', title: 'Wellness Goals', detail: 'Your personal 30-day plans' },
  ];
  return (
    <nav className="tools-grid" aria-label="Premium tools">
      {buttons.map((b) => (
        <Link key={b.to} className="tool-tile" to={b.to}>
          <span className="tool-title">{b.title}</span>
          <span className="tool-subtitle">{b.detail}</span>
        </Link>
      ))}
    </nav>
  );
}

/** The spec's sample plan on the nutrition tab, from the saved plans list. */
function SampleMealPlan() {
  const sample = useMealPlans().data?.find((p) => p.id === 'anti-inflammatory-7day');
  if (!sample) return null;
  return (
    <section className="card" aria-labelledby="sample-plan">
      <h2 id="sample-plan" className="card-title">
        Meal Plan: {sample.title}
      </h2>
      <ul>
        {sample.principles.slice(0, 3).map((p) => (
          <li key={p}>{p}</li>
        ))}
      </ul>
      <div className="row-actions">
        <Link className="btn btn-primary" to="/meal-plans/anti-inflammatory-7day">
          View Meal Plan
        </Link>
        <Link className="btn btn-outline" to="/shopping-calendar">
          30-Day Shopping Calendar
        </Link>
      </div>
    </section>
  );
}

function Spiritual({ today }: { today: string }) {
  const reading = useDaily('bibleReading', today);
  const r = reading.data;
  return (
    <>
      <section className="card" aria-labelledby="study-title">
        <h2 id="study-title" className="card-title">
          Today&apos;s Bible Study
        </h2>
        {reading.isPending ? (
          <CardSkeleton label="Loading today's reading" />
        ) : r ? (
          <>
            <p className="reference">{r.reference}</p>
            <blockquote className="verse">{r.verse}</blockquote>
            <Paragraphs text={r.reflection} />
            {r.prayer && (
              <p className="prayer">
                <strong>Prayer:</strong> {r.prayer}
              </p>
            )}
            <Link className="btn btn-primary" to="/bible">
              Open the Bible Study Center
            </Link>
          </>
        ) : (
          <p role="status">Today&apos;s reading isn&apos;t available on this device yet.</p>
        )}
      </section>
      <section className="card" aria-labelledby="focus-title">
        <h2 id="focus-title" className="card-title">
          Prayer Focus
        </h2>
        <ul className="plain-list">
          {['Gratitude: thank God for three gifts of today.', 'Peace: bring one worry to him and leave it there.', 'Others: pray for one person by name.'].map(
            (focus) => (
              <li key={focus}>
                <Link to="/meditation">{focus}</Link>
              </li>
            ),
          )}
        </ul>
        <Link className="btn btn-outline" to="/prayer-journal">
          Open My Prayer Journal
        </Link>
      </section>
    </>
  );
}

function Physical({ today }: { today: string }) {
  const workouts = useContentList<PremiumRoutine>(`/api/premium-exercises/today?date=${today}`);
  const list = workouts.data ?? [];
  const workout = list.find((w) => w.difficultyLevel === 'advanced') ?? list[0];
  return (
    <>
      <section className="card" aria-labelledby="workout-title">
        <h2 id="workout-title" className="card-title">
          Today&apos;s Workout
        </h2>
        {workouts.isPending ? (
          <CardSkeleton label="Loading today's workout" />
        ) : workout ? (
          <>
            <h3>{workout.title}</h3>
            <p className="meta">
              <span className="capitalize">{workout.difficultyLevel}</span> · {workout.duration}
            </p>
            <p>{workout.description}</p>
            <ul>
              {workout.mainExercises.map((e) => (
                <li key={e.name}>
                  {e.name}: {e.sets} × {e.reps}
                </li>
              ))}
            </ul>
            <Link className="btn btn-primary" to={`/premium-exercises?workout=${encodeURIComponent(workout.id)}&autostart=true`}>
              Start Guided Workout
            </Link>
          </>
        ) : (
          <p role="status">No premium routines available for today</p>
        )}
      </section>
      <BiohackCard date={today} />
    </>
  );
}
