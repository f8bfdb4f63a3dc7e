// /my-plans: the newest personal meal plan and fitness challenge, a 30-day
// navigator with the days ticked off (synced progress marks), the chosen
// day's meals, workout and spiritual focus (or the built-in text of the day
// when the plan leaves one out) and the plan's tips. Plans and days the
// server refused show above them, to try again or discard.

import { use, useState } from 'react';
import { Link } from '../../lib/router';
import { CardSkeleton } from '../../components/CardSkeleton';
import { focusWhenShown } from '../../components/focusWhenShown';
import { Disclaimer } from '../../components/Disclaimer';
import { PageHeader } from '../../components/PageHeader';
import { StorageUnavailable } from '../../components/StorageUnavailable';
import { Tabs } from '../../components/Tabs';
import { toast } from '../../components/toast';
import type { Focus, MealChoice, Workout } from '../../generated/meals';
import { useRecords, type Stored } from '../../sync/useRecords';
import { type RefusedOf } from '../../sync/useRefused';
import { newRecordId, saveRecord } from '../../sync/saveRecords';
import { loadTools, type Tools } from '../../wasm/tools';
import { loadCore, type Core } from '../../wasm/core';
import { WeekListButton } from '../shopping';
import { DayPicker } from './DayPicker';
import { MealView } from './MealView';
import { newestPlans } from './newestPlans';
import { personalPlanDay } from './personalPlanDay';
import { PersonalPlanRefusals, ProgressRefusals } from './PlanRefusals';

type Plan = Stored<'personalizedPlans'>;
type TabId = 'meal_plan' | 'fitness_challenge';
const TABS: { id: TabId; label: string }[] = [
  { id: 'meal_plan', label: 'Meal Plan' },
  { id: 'fitness_challenge', label: 'Fitness Challenge' },
];

/** A plan whose days are not what the generator makes cannot be shown. */
function wellFormed(plan: Plan): boolean {
  const days = plan.fields.dailyPlans as unknown;
  return Array.isArray(days) && days.length > 0 && days.every((d) => typeof d === 'object' && d !== null) && Array.isArray(plan.fields.tips);
}

export default function MyPlansPage() {
  const plans = useRecords('personalizedPlans');
  const [tab, setTabState] = useState<TabId>('meal_plan');
  const [day, setDay] = useState(1);
  const setTab = (next: TabId) => {
    setTabState(next);
    setDay(1);
  };
  const titleOf = (planId: string) => plans.value?.find((p) => p.id === planId)?.fields.title;

  function showProgress(change: RefusedOf<'planProgress'>) {
    const plan = plans.value?.find((p) => p.id === change.fields.planId);
    if (plan) setTabState(plan.fields.planType);
    setDay(change.fields.day);
    focusWhenShown(`day-toggle-${change.fields.day}`);
  }

  let body;
  if (plans.failed) body = <StorageUnavailable what="your plans" />;
  else if (!plans.value) body = <CardSkeleton label="Loading your plans" count={2} />;
  else {
    const shown = newestPlans(plans.value);
    if (shown.length === 0) body = <Empty />;
    else if (!shown.every(wellFormed)) body = <Unreadable />;
    else {
      const plan = shown.find((p) => p.fields.planType === tab);
      body = (
        <Tabs name="my-plans" label="Your plans" tabs={TABS} selected={tab} onSelect={setTab}>
          {plan ? (
            <PlanView key={plan.id} plan={plan} day={day} onDay={setDay} tools={use(loadTools())} core={use(loadCore())} />
          ) : (
            <Missing tab={tab} />
          )}
        </Tabs>
      );
    }
  }
  return (
    <>
      <PageHeader title="My Wellness Plans" />
      <main className="page my-plans">
        <PersonalPlanRefusals onShow={(c) => setTab(c.fields.planType)} />
        <ProgressRefusals titleOf={titleOf} onShow={showProgress} />
        {body}
        <Disclaimer />
      </main>
    </>
  );
}

function Empty() {
  return (
    <section className="card empty-state" role="status">
      <h2>No Plans Yet</h2>
      <p>Take the wellness assessment and Manna will build your personal 30-day meal plan and fitness challenge.</p>
      <Link className="btn btn-primary" to="/wellness-goals">
        Take the Assessment
      </Link>
    </section>
  );
}

function Missing({ tab }: { tab: TabId }) {
  return (
    <section className="card empty-state" role="status">
      <p>No {tab === 'meal_plan' ? 'meal plan' : 'fitness challenge'} yet.</p>
      <Link className="btn btn-primary" to="/wellness-goals">
        Create New Plans
      </Link>
    </section>
  );
}

function Unreadable() {
  return (
    <section className="card empty-state" role="alert">
      <h2>Unable to Load Plans</h2>
      <p>Your plan data could not be read. Refresh the page, or create new plans from your assessment.</p>
      <div className="row-actions">
        <button type="button" className="btn btn-outline" onClick={() => window.location.reload()}>
          Refresh Page
        </button>
        <Link className="btn btn-primary" to="/wellness-goals">
          Create New Plans
        </Link>
      </div>
    </section>
  );
}

const isMeal = (v: unknown): v is MealChoice => typeof v === 'object' && v !== null && Array.isArray((v as MealChoice).ingredients);
const isWorkout = (v: unknown): v is Workout => typeof v === 'object' && v !== null && Array.isArray((v as Workout).steps);
const isFocus = (v: unknown): v is Focus => typeof v === 'object' && v !== null && typeof (v as Focus).reference === 'string';

function PlanView({ plan, day, onDay: setDay, tools, core }: { plan: Plan; day: number; onDay: (day: number) => void; tools: Tools; core: Core }) {
  const progress = useRecords('planProgress');
  const done = new Set((progress.value ?? []).filter((p) => p.fields.planId === plan.id && p.fields.completed).map((p) => p.fields.day));
  const days = plan.fields.dailyPlans;
  const count = days.length;
  const d = (days[day - 1] ?? {}) as Record<string, unknown>;
  const fallback = (field: string) => tools.planFallback(field, day);
  const percent = Math.round((100 * done.size) / count);
  const { startDate, day: dayToday } = personalPlanDay(core, plan.fields.createdAt, count);

  async function tick() {
    const completed = !done.has(day);
    const fields = { planId: plan.id, day, completed, completedAt: completed ? new Date().toISOString() : null };
    try {
      await saveRecord('planProgress', await newRecordId('planProgress', fields), 'put', fields);
      if (completed) toast({ title: `Day ${day} Complete!`, description: 'Keep going. Your progress syncs to your other devices.' });
    } catch {
      toast({ title: 'Error', description: 'Your progress could not be saved on this device. Please try again.', variant: 'destructive' });
    }
  }

  return (
    <section className="card">
      <h2>{plan.fields.title}</h2>
      <p className="small muted">{plan.fields.description}</p>
      <p>
        {done.size} of {count} days complete ({percent}%)
      </p>
      <div className="progress" role="progressbar" aria-label="Plan progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
        <div className="progress-fill" style={{ width: `${percent}%` }} />
      </div>
      <DayPicker count={count} selected={day} onSelect={setDay} done={done} label="Plan day" />
      <article aria-label={`Day ${day}`}>
        <h3>
          Day {day}
          {typeof d.theme === 'string' ? `: ${d.theme}` : ''}
        </h3>
        {plan.fields.planType === 'meal_plan' ? (
          <>
            <MealView label="Breakfast" meal={isMeal(d.breakfast) ? d.breakfast : null} fallback={fallback('breakfast')} />
            <MealView label="Lunch" meal={isMeal(d.lunch) ? d.lunch : null} fallback={fallback('lunch')} />
            <MealView label="Dinner" meal={isMeal(d.dinner) ? d.dinner : null} fallback={fallback('dinner')} />
            {isMeal(d.snack) && <MealView label="Snack" meal={d.snack} />}
            <WorkoutView workout={d.workout} fallback={fallback('workout')} />
          </>
        ) : (
          <>
            <WorkoutView workout={d.workout} fallback={fallback('workout')} />
            <section className="meal" aria-label="Nutrition">
              <h4>Nutrition</h4>
              <p>
                Breakfast: {fallback('breakfast')}. Lunch: {fallback('lunch')}. Dinner: {fallback('dinner')}.
              </p>
            </section>
          </>
        )}
        <section className="meal verse" aria-label="Spiritual focus">
          <h4>Spiritual Focus</h4>
          {isFocus(d.spiritualFocus) ? (
            <>
              <p>
                <strong>{d.spiritualFocus.focus}</strong>
              </p>
              <blockquote className="quote">
                “{d.spiritualFocus.text}” <cite>— {d.spiritualFocus.reference} (KJV)</cite>
              </blockquote>
            </>
          ) : (
            <p>{typeof d.spiritualFocus === 'string' ? d.spiritualFocus : fallback('spiritualFocus')}</p>
          )}
        </section>
        <button
          id={`day-toggle-${day}`}
          type="button"
          className={`btn ${done.has(day) ? 'btn-outline' : 'btn-primary'}`}
          aria-pressed={done.has(day)}
          onClick={() => void tick()}
        >
          {done.has(day) ? `Day ${day} Complete ✓` : `Mark Day ${day} Complete`}
        </button>
      </article>
      {plan.fields.planType === 'meal_plan' && (
        <WeekListButton
          title={plan.fields.title}
          days={plan.fields.dailyPlans}
          day={dayToday}
          preferences={{}}
          planId={plan.id}
          startDate={startDate}
          className="btn btn-outline"
        />
      )}
      {plan.fields.tips.length > 0 && (
        <section aria-labelledby="plan-tips">
          <h3 id="plan-tips">Tips</h3>
          <ul>
            {plan.fields.tips.map((t) => (
              <li key={t}>{t}</li>
            ))}
          </ul>
        </section>
      )}
    </section>
  );
}

function WorkoutView({ workout, fallback }: { workout: unknown; fallback: string | undefined }) {
  return (
    <section className="meal" aria-label="Workout">
      <h4>Workout{isWorkout(workout) ? `: ${workout.title}` : ''}</h4>
      {isWorkout(workout) ? (
        <>
          <p className="small muted">
            {workout.minutes} min · {workout.intensity}
          </p>
          <ol className="steps">
            {workout.steps.map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ol>
        </>
      ) : (
        <p>{typeof workout === 'string' ? workout : fallback}</p>
      )}
    </section>
  );
}
