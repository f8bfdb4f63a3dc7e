// /meal-plans/{id}: a plan's overview, its days (from day 1), its shopping
// list and guidelines. Starting it keeps the person's allergies, dislikes and
// restrictions; from then on its days are fitted to them (by the core), each
// day can be ticked off, and a week's shopping list made from it. A premium
// plan shows its overview and the unlock prompt to those without premium.
// A start or a day the server refused shows above it all (PlanRefusals).

import { Suspense, use, useState } from 'react';
import { Link, useNavigate, useParams } from '../../lib/router';
import { ApiError } from '../../api/client';
import { CardSkeleton } from '../../components/CardSkeleton';
import { ListUnavailable } from '../../components/ListUnavailable';
import { Disclaimer } from '../../components/Disclaimer';
import { PageHeader } from '../../components/PageHeader';
import { Tabs } from '../../components/Tabs';
import { toast } from '../../components/toast';
import { useCatalogue, useMealPlan, useMealPlanDays } from '../../content/mealPlans';
import { ListNotSavedOffline } from '../../content/useContentList';
import { PLANS } from '../../generated/core';
import type { MealPlan, MenuDay, PersonalDay } from '../../generated/meals';
import { focusWhenShown } from '../../components/focusWhenShown';
import { useRecords, type Stored } from '../../sync/useRecords';
import { type RefusedOf } from '../../sync/useRefused';
import { newRecordId, saveRecord } from '../../sync/saveRecords';
import { loadCore, todayIn } from '../../wasm/core';
import { loadTools } from '../../wasm/tools';
import { recordDate } from '../../lib/dates';
import { newestEnrollment, WeekListButton } from '../shopping';
import { DayPicker } from './DayPicker';
import { categoryLabel } from './labels';
import { MealView } from './MealView';
import { EnrollmentRefusals, ProgressRefusals } from './PlanRefusals';
import { StartPlanForm } from './StartPlanForm';

type TabId = 'overview' | 'days' | 'shopping' | 'guidelines';
const TABS: { id: TabId; label: string }[] = [
  { id: 'overview', label: 'Overview' },
  { id: 'days', label: 'Daily Plans' },
  { id: 'shopping', label: 'Shopping List' },
  { id: 'guidelines', label: 'Guidelines' },
];

type Enrollment = Stored<'mealPlanEnrollments'>;

export default function MealPlanDetailPage() {
  const { id = '' } = useParams();
  const plan = useMealPlan(id);
  const navigate = useNavigate();
  if (plan.isPending) {
    return (
      <Frame title="Meal Plan">
        <CardSkeleton label="Loading the meal plan" count={2} />
      </Frame>
    );
  }
  if (plan.isError) {
    if (plan.error instanceof ApiError && plan.error.status === 404) {
      return (
        <Frame title="Meal Plan Not Found">
          <section className="card" role="status">
            <p>This meal plan does not exist or is no longer offered.</p>
            <button type="button" className="btn btn-primary" onClick={() => void navigate('/meal-plans')}>
              Back
            </button>
          </section>
          <EnrollmentRefusals planId={id} title="this meal plan" />
        </Frame>
      );
    }
    return (
      <Frame title="Meal Plan">
        <ListUnavailable what="this meal plan" offline={plan.error instanceof ListNotSavedOffline} failed onRetry={() => void plan.refetch()} />
      </Frame>
    );
  }
  return (
    <Frame title={plan.data.title}>
      {plan.data.locked ? <Locked plan={plan.data} /> : <Plan plan={plan.data} />}
    </Frame>
  );
}

function Frame({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <>
      <PageHeader title={title} />
      <main className="page meal-plan">
        <p>
          <Link to="/meal-plans">← All Meal Plans</Link>
        </p>
        {children}
        <Disclaimer />
      </main>
    </>
  );
}

function Summary({ plan }: { plan: MealPlan }) {
  return (
    <>
      <p className="row">
        <span className="tag">{categoryLabel(plan.category)}</span>
        <span className="tag">{plan.duration}</span>
        {plan.isPremium && <span className="premium-pill">Premium Feature</span>}
      </p>
      <p>{plan.description}</p>
      <h3>Principles</h3>
      <ul>
        {plan.principles.map((p) => (
          <li key={p}>{p}</li>
        ))}
      </ul>
      <h3>Benefits</h3>
      <ul>
        {plan.benefits.map((b) => (
          <li key={b}>{b}</li>
        ))}
      </ul>
    </>
  );
}

function Locked({ plan }: { plan: MealPlan }) {
  return (
    <>
      <EnrollmentRefusals planId={plan.id} title={plan.title} />
      <ProgressRefusals titleOf={(id) => (id === plan.id ? plan.title : undefined)} />
      <section className="card">
        <Summary plan={plan} />
      </section>
      <section className="promo unlock" aria-labelledby="unlock-title">
        <h2 id="unlock-title">Unlock This Meal Plan</h2>
        <p>
          The {plan.duration.toLowerCase()} daily menus, the shopping list and the guidelines of this plan come with premium,
          with every other plan and the 30-day shopping calendar.
        </p>
        <Link className="btn btn-gold" to="/checkout">
          {`Start My Plan - ${PLANS.monthly.price}/month`}
        </Link>
      </section>
    </>
  );
}

function Plan({ plan }: { plan: MealPlan }) {
  const core = use(loadCore());
  const today = todayIn(core);
  const [tab, setTab] = useState<TabId>('overview');
  const [day, setDay] = useState(1);
  const [starting, setStarting] = useState(false);
  /** A refused start being fixed in the form. */
  const [fixing, setFixing] = useState<RefusedOf<'mealPlanEnrollments'> | undefined>();
  const enrollments = useRecords('mealPlanEnrollments');
  const enrollment = newestEnrollment(enrollments.value ?? [], (e) => e.mealPlanId === plan.id);
  const progress = useRecords('planProgress');
  const done = new Set((progress.value ?? []).filter((p) => p.fields.planId === plan.id && p.fields.completed).map((p) => p.fields.day));
  // None when the start date is not a date (one an older app wrote).
  const dayOfPlan = enrollment ? (core.planDay(enrollment.fields.startDate, today, plan.dayCount) ?? null) : null;
  const stopStarting = () => {
    setStarting(false);
    setFixing(undefined);
  };

  function fixEnrollment(change: RefusedOf<'mealPlanEnrollments'>) {
    setTab('overview');
    setFixing(change);
    setStarting(true);
  }

  function showProgress(change: RefusedOf<'planProgress'>) {
    setTab('days');
    setDay(change.fields.day);
    focusWhenShown(`day-toggle-${change.fields.day}`);
  }

  return (
    <>
      <EnrollmentRefusals planId={plan.id} title={plan.title} onFix={fixEnrollment} />
      <ProgressRefusals titleOf={(id) => (id === plan.id ? plan.title : undefined)} onShow={showProgress} />
      <Tabs name="plan" label="Meal plan" tabs={TABS} selected={tab} onSelect={setTab}>
        {tab === 'overview' && (
          <section className="card">
            <Summary plan={plan} />
            {enrollment ? (
              <div className="enrolled" role="status">
                <h3>Your Plan</h3>
                <p>
                  Started {recordDate(enrollment.fields.startDate)}
                  {dayOfPlan ? ` · today is day ${dayOfPlan} of ${plan.dayCount}` : ''} · {done.size} of {plan.dayCount} days
                  done
                </p>
                <div className="progress" role="progressbar" aria-label="Days done" aria-valuemin={0} aria-valuemax={plan.dayCount} aria-valuenow={done.size}>
                  <div className="progress-fill" style={{ width: `${(100 * done.size) / plan.dayCount}%` }} />
                </div>
                <button type="button" className="btn btn-outline" onClick={() => setStarting(true)}>
                  Change My Preferences
                </button>
              </div>
            ) : (
              <button type="button" className="btn btn-primary" onClick={() => setStarting(true)}>
                Start This Plan
              </button>
            )}
            {starting && (
              <StartPlanForm key={fixing?.seq ?? 'start'} plan={plan} today={today} current={enrollment} fixing={fixing} onDone={stopStarting} />
            )}
          </section>
        )}
        {tab === 'days' && (
          <section className="card">
            <DayPicker count={plan.dayCount} selected={day} onSelect={setDay} done={done} label="Plan day" />
            <Suspense fallback={<CardSkeleton label="Loading the day" />}>
              <PlanDay plan={plan} day={day} enrollment={enrollment} done={done.has(day)} today={today} />
            </Suspense>
          </section>
        )}
        {tab === 'shopping' && (
          <section className="card">
            <h3>Shopping List</h3>
            <p className="small muted">Everything the {plan.duration.toLowerCase()} plan uses, added up.</p>
            <ul className="shopping-preview">
              {(plan.shoppingList ?? []).map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            {enrollment && dayOfPlan && (
              <Suspense fallback={null}>
                <WeekList plan={plan} enrollment={enrollment} day={dayOfPlan} />
              </Suspense>
            )}
          </section>
        )}
        {tab === 'guidelines' && (
          <section className="card">
            <h3>Guidelines</h3>
            <ul>
              {(plan.guidelines ?? []).map((g) => (
                <li key={g}>{g}</li>
              ))}
            </ul>
          </section>
        )}
      </Tabs>
    </>
  );
}

/** The plan's days fitted to the enrollment's preferences, when the catalogue is at hand. */
function useFittedDays(plan: MealPlan, enrollment: Enrollment | undefined): { days: PersonalDay[] | undefined; failed: boolean; offline: boolean; retry: () => void } {
  const days = useMealPlanDays(plan.id);
  const catalogue = useCatalogue();
  const tools = use(loadTools());
  const prefs = enrollment?.fields.preferences;
  const wants = !!prefs && (prefs.allergies.length + prefs.dislikes.length + prefs.dietaryRestrictions.length > 0);
  let fitted: PersonalDay[] | undefined = days.data as PersonalDay[] | undefined;
  if (days.data && wants && catalogue.data) {
    fitted = tools.meals(catalogue.data).personalise(days.data as MenuDay[], prefs, plan.category);
  }
  return { days: fitted, failed: days.isError, offline: days.error instanceof ListNotSavedOffline, retry: () => void days.refetch() };
}

function PlanDay(props: { plan: MealPlan; day: number; enrollment: Enrollment | undefined; done: boolean; today: string }) {
  const { plan, day, enrollment, done } = props;
  const { days, failed, offline, retry } = useFittedDays(plan, enrollment);
  if (!days) {
    return failed ? <ListUnavailable what="this plan's days" offline={offline} failed onRetry={retry} /> : <CardSkeleton label="Loading the day" />;
  }
  const d = days[day - 1];
  if (!d) return <p>No menu for day {day}.</p>;

  async function tick() {
    const fields = { planId: plan.id, day, completed: !done, completedAt: done ? null : new Date().toISOString() };
    try {
      await saveRecord('planProgress', await newRecordId('planProgress', fields), 'put', fields);
      if (!done) toast({ title: `Day ${day} Complete!`, description: 'Well done. Your progress is saved and will sync to your other devices.' });
    } catch {
      toast({ title: 'Error', description: 'Your progress could not be saved on this device. Please try again.', variant: 'destructive' });
    }
  }

  return (
    <article className="plan-day" aria-label={`Day ${day}`}>
      <h3>
        Day {day}: {d.theme}
      </h3>
      <MealView label="Breakfast" meal={d.breakfast} />
      <MealView label="Lunch" meal={d.lunch} />
      <MealView label="Dinner" meal={d.dinner} />
      {d.snacks.map((s) => (
        <MealView key={s.recipeId} label="Snack" meal={s} />
      ))}
      <p>
        <strong>Beverages:</strong> {d.beverages.join(', ')}
      </p>
      <p className="tip">💡 {d.tips}</p>
      {enrollment && (
        <button id={`day-toggle-${day}`} type="button" className={`btn ${done ? 'btn-outline' : 'btn-primary'}`} aria-pressed={done} onClick={() => void tick()}>
          {done ? `Day ${day} Complete ✓` : `Mark Day ${day} Complete`}
        </button>
      )}
    </article>
  );
}

/** The week's list of a started plan, from its days fitted to the enrollment. */
function WeekList({ plan, enrollment, day }: { plan: MealPlan; enrollment: Enrollment; day: number }) {
  const { days } = useFittedDays(plan, enrollment);
  if (!days) return null;
  return (
    <WeekListButton
      title={plan.title}
      days={days}
      day={day}
      preferences={enrollment.fields.preferences ?? {}}
      planId={plan.id}
      startDate={enrollment.fields.startDate}
    />
  );
}
