// /wellness-goals: the assessment (a summary view with saved goals and the
// active plans, and a form view), and Generate Plans, which builds a 30-day
// meal plan and fitness challenge from a goal on this device with the core's
// generator (the same one the server runs), so it works with no signal. Goals
// and plans are synced records.

import { useEffect, useState, type FormEvent } from 'react';
import { Link } from '../../lib/router';
import { ChoiceGroup, EnumSelect, NumberInput, RefusalNote, refusalInWords, TextArea, useFixFocus } from '../../components/form';
import { LiveList } from '../../components/LiveList';
import { Disclaimer } from '../../components/Disclaimer';
import { PageHeader } from '../../components/PageHeader';
import { toast } from '../../components/toast';
import { useCatalogue } from '../../content/mealPlans';
import {
  BUDGET_VALUES,
  DIETARY_RESTRICTION_VALUES,
  FITNESS_LEVEL_VALUES,
  GENDER_VALUES,
  HEALTH_CONCERN_VALUES,
  MEAL_TYPE_VALUES,
  NOTES_MAX,
  PRIMARY_GOAL_VALUES,
  TIME_COMMITMENT_VALUES,
  type Budget,
  type DietaryRestriction,
  type FitnessLevel,
  type Gender,
  type HealthConcern,
  type MealType,
  type PrimaryGoal,
  type TimeCommitment,
  type WellnessGoal,
} from '../../generated/records';
import { storage } from '../../lib/storage';
import { useRecords, type Stored } from '../../sync/useRecords';
import { newRandom, newRecordId, RecordRefused, saveRecord, saveRecords } from '../../sync/saveRecords';
import { loadTools } from '../../wasm/tools';
import { GOAL_LABELS, GoalRefusals, type RefusedGoal } from './GoalRefusals';
import { newestPlans } from './newestPlans';
import { PersonalPlanRefusals } from './PlanRefusals';

const label = (v: string) => v.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
const TIME_LABEL: Record<TimeCommitment, string> = { '15min': '15 minutes', '30min': '30 minutes', '45min': '45 minutes', '60min': '60 minutes' };

interface Form {
  primaryGoal: PrimaryGoal | '';
  currentFitnessLevel: FitnessLevel | '';
  gender: Gender | '';
  timeCommitment: TimeCommitment | '';
  budget: Budget | '';
  dietaryRestrictions: DietaryRestriction[];
  healthConcerns: HealthConcern[];
  preferredMealTypes: MealType[];
  motivation: string;
  startWeight: string;
  targetWeight: string;
}

const EMPTY: Form = {
  primaryGoal: '',
  currentFitnessLevel: '',
  gender: '',
  timeCommitment: '',
  budget: '',
  dietaryRestrictions: [],
  healthConcerns: [],
  preferredMealTypes: [],
  motivation: '',
  startWeight: '',
  targetWeight: '',
};

const REQUIRED = ['primaryGoal', 'currentFitnessLevel', 'gender', 'timeCommitment', 'budget'] as const;

/** Whole pounds as typed, in tenths of a pound; null when empty (spec: parsed as integers). */
function tenths(text: string): number | null | 'bad' {
  if (!text.trim()) return null;
  const pounds = Number.parseInt(text, 10);
  return Number.isFinite(pounds) && pounds > 0 ? pounds * 10 : 'bad';
}

export default function WellnessGoalsPage() {
  const [view, setView] = useState<'summary' | 'form'>('summary');
  /** A refused assessment being fixed in the form. */
  const [fixing, setFixing] = useState<RefusedGoal | undefined>();
  const start = (goal?: RefusedGoal) => {
    setFixing(goal);
    setView('form');
  };
  return (
    <>
      <PageHeader title="Wellness Goals" />
      <main className="page wellness-goals">
        {view === 'form' ? (
          <Assessment key={fixing?.seq ?? 'new'} fixing={fixing} onDone={() => setView('summary')} />
        ) : (
          <Summary onStart={() => start()} onFix={start} />
        )}
        <Disclaimer />
      </main>
    </>
  );
}

function Summary({ onStart, onFix }: { onStart: () => void; onFix: (goal: RefusedGoal) => void }) {
  const goals = useRecords('wellnessGoals');
  const plans = useRecords('personalizedPlans');
  const active = newestPlans(plans.value ?? []);
  const [ready, setReady] = useState<string | null>(null);
  const sorted = [...(goals.value ?? [])].sort((a, b) => (b.fields.createdAt ?? '').localeCompare(a.fields.createdAt ?? ''));
  return (
    <>
      <section className="card intro">
        <h2>Your Personalized Wellness Assessment</h2>
        <p>
          Tell us your goal, your fitness level, the time you have and what you eat, and Manna builds a 30-day meal plan and a
          30-day fitness challenge for you, with a verse to carry through each day. It works offline too.
        </p>
        <button type="button" className="btn btn-primary" onClick={onStart}>
          Start Assessment
        </button>
      </section>
      <GoalRefusals onFix={onFix} />
      <PersonalPlanRefusals />
      {ready && (
        <section className="card success-card" role="status" aria-live="polite">
          <h2>Plans Ready</h2>
          <p>Your 30-day meal plan and fitness challenge are ready.</p>
          <Link className="btn btn-primary" to="/my-plans">
            View My Plans
          </Link>
        </section>
      )}
      {active.length > 0 && (
        <section className="card" aria-labelledby="active-plans">
          <h2 id="active-plans">Your Active Plans</h2>
          <ul className="plain-list stack">
            {active.slice(0, 2).map((p) => (
              <li key={p.id}>
                <Link to="/my-plans">{p.fields.title}</Link>
                <span className="small muted"> · {p.fields.planType === 'meal_plan' ? 'Meal plan' : 'Fitness challenge'}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="saved-goals">
        <h2 id="saved-goals" className="section-title">
          Saved Goals
        </h2>
        <LiveList live={{ ...goals, value: goals.value ? sorted : undefined }} what="wellness goals" empty={<p className="empty">No assessments yet. Start one above.</p>}>
          {(items) => (
            <ul className="plain-list stack">
              {items.map((g) => (
                <GoalCard key={g.id} goal={g} onReady={setReady} />
              ))}
            </ul>
          )}
        </LiveList>
      </section>
    </>
  );
}

function GoalCard({ goal, onReady }: { goal: Stored<'wellnessGoals'>; onReady: (id: string) => void }) {
  const f = goal.fields;
  return (
    <li className="card goal">
      <h3>{label(f.primaryGoal)}</h3>
      <p className="small">
        {label(f.currentFitnessLevel)} · {TIME_LABEL[f.timeCommitment]} a day · {label(f.budget)} budget
      </p>
      {f.dietaryRestrictions.length > 0 && <p className="small muted">Leaves out: {f.dietaryRestrictions.map(label).join(', ')}</p>}
      {f.motivation && <p className="small">“{f.motivation}”</p>}
      <GenerateButton goal={goal} onReady={onReady} />
    </li>
  );
}

function GenerateButton({ goal, onReady }: { goal: Stored<'wellnessGoals'>; onReady: (id: string) => void }) {
  const catalogue = useCatalogue();
  const [busy, setBusy] = useState(false);

  async function generate() {
    setBusy(true);
    try {
      if (!catalogue.data) throw new Error('the meal catalogue is not on this device yet');
      const tools = await loadTools();
      const plans = tools.meals(catalogue.data).generatePlans(goal.fields as unknown as Record<string, unknown>, goal.id);
      await saveRecords(tools.planRecords(plans, goal.id, Date.now(), newRandom()));
      toast({ title: 'Plans Ready!', description: 'Your 30-day meal plan and fitness challenge are waiting in My Plans.' });
      onReady(goal.id);
    } catch (e) {
      console.error('Creating plans failed', e);
      toast({ title: 'Error Creating Plans', description: 'Failed to create personalized plans. Please try again.', variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <button type="button" className="btn btn-primary" disabled={busy || catalogue.isPending} onClick={() => void generate()}>
      {busy ? 'Generating...' : 'Generate Plans'}
    </button>
  );
}

/** The form as typed so far, kept on the device until it is saved or cancelled. */
const DRAFT_KEY = 'manna-goal-draft';

function readDraft(): Form {
  try {
    return { ...EMPTY, ...(JSON.parse(storage.get(DRAFT_KEY) ?? '{}') as Partial<Form>) };
  } catch {
    return EMPTY;
  }
}

/** A refused goal as the form shows it (weights back in pounds). */
function goalForm(goal: Partial<WellnessGoal>): Form {
  const pounds = (tenths?: number | null) => (tenths ? String(tenths / 10) : '');
  return {
    primaryGoal: goal.primaryGoal ?? '',
    currentFitnessLevel: goal.currentFitnessLevel ?? '',
    gender: goal.gender ?? '',
    timeCommitment: goal.timeCommitment ?? '',
    budget: goal.budget ?? '',
    dietaryRestrictions: goal.dietaryRestrictions ?? [],
    healthConcerns: goal.healthConcerns ?? [],
    preferredMealTypes: goal.preferredMealTypes ?? [],
    motivation: goal.motivation ?? '',
    startWeight: pounds(goal.startWeight),
    targetWeight: pounds(goal.targetWeight),
  };
}

/** The fields whose messages the form shows beside their own controls. */
const SHOWN_BY_CONTROLS = [...REQUIRED, 'dietaryRestrictions', 'healthConcerns', 'preferredMealTypes', 'startWeight', 'targetWeight', 'motivation'];

function Assessment({ fixing, onDone }: { fixing?: RefusedGoal; onDone: () => void }) {
  const [form, setForm] = useState<Form>(() => (fixing ? goalForm(fixing.fields) : readDraft()));
  // A fix is not a draft: a new assessment begun before stays as it was.
  useEffect(() => {
    if (!fixing) storage.set(DRAFT_KEY, JSON.stringify(form));
  }, [form, fixing]);
  const { ref } = useFixFocus(fixing);
  const finish = () => {
    if (!fixing) storage.remove(DRAFT_KEY);
    onDone();
  };
  const [missing, setMissing] = useState<readonly string[]>([]);
  const [error, setError] = useState<{ field: string; message: string } | null>(fixing?.refusal ?? null);
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));
  const toggle = <K extends 'dietaryRestrictions' | 'healthConcerns' | 'preferredMealTypes'>(key: K) => (value: Form[K][number]) =>
    setForm((f) => {
      const list = f[key] as string[];
      return { ...f, [key]: list.includes(value) ? list.filter((v) => v !== value) : [...list, value] };
    });
  const required = (field: (typeof REQUIRED)[number]) => (missing.includes(field) ? 'Required' : undefined);
  const fieldError = (field: string) => (error?.field === field ? error.message : undefined);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const absent = REQUIRED.filter((k) => !form[k]);
    setMissing(absent);
    if (absent.length > 0) {
      toast({ title: 'Incomplete Form', description: 'Please fill in all required fields.', variant: 'destructive' });
      return;
    }
    const [start, target] = [tenths(form.startWeight), tenths(form.targetWeight)];
    if (start === 'bad' || target === 'bad') {
      setError({ field: start === 'bad' ? 'startWeight' : 'targetWeight', message: 'a weight is a whole number of pounds' });
      return;
    }
    const goal: WellnessGoal = {
      primaryGoal: form.primaryGoal as PrimaryGoal,
      currentFitnessLevel: form.currentFitnessLevel as FitnessLevel,
      gender: form.gender as Gender,
      timeCommitment: form.timeCommitment as TimeCommitment,
      budget: form.budget as Budget,
      dietaryRestrictions: form.dietaryRestrictions,
      healthConcerns: form.healthConcerns,
      preferredMealTypes: form.preferredMealTypes,
      motivation: form.motivation.trim() || null,
      startWeight: start,
      targetWeight: target,
      createdAt: fixing?.fields.createdAt ?? new Date().toISOString(),
    };
    setSaving(true);
    try {
      // A fixed assessment is saved again as itself.
      await saveRecord('wellnessGoals', fixing?.id ?? (await newRecordId('wellnessGoals')), 'put', goal);
      toast({ title: 'Assessment Complete!', description: 'Your goals are saved. Press Generate Plans to build your 30-day plans.' });
      finish();
    } catch (e) {
      if (e instanceof RecordRefused) setError(e.refusal);
      toast({
        title: 'Error Saving Assessment',
        description: e instanceof RecordRefused ? refusalInWords(e.refusal, GOAL_LABELS) : 'Failed to save wellness goals. Please try again.',
        variant: 'destructive',
      });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form ref={ref} className="card form" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="assessment-title">
      <h2 id="assessment-title">Wellness Assessment</h2>
      <p className="small muted">Fields marked * are required.</p>
      <RefusalNote refusal={error} controls={SHOWN_BY_CONTROLS} fieldLabels={GOAL_LABELS} />
      <EnumSelect label="Primary goal *" values={PRIMARY_GOAL_VALUES} value={form.primaryGoal} onChange={(v) => set('primaryGoal', v)} optionLabel={label} placeholder="Choose your goal" error={required('primaryGoal') ?? fieldError('primaryGoal')} />
      <EnumSelect label="Current fitness level *" values={FITNESS_LEVEL_VALUES} value={form.currentFitnessLevel} onChange={(v) => set('currentFitnessLevel', v)} optionLabel={label} placeholder="Choose your level" error={required('currentFitnessLevel') ?? fieldError('currentFitnessLevel')} />
      <EnumSelect label="Gender *" values={GENDER_VALUES} value={form.gender} onChange={(v) => set('gender', v)} optionLabel={label} placeholder="Choose" error={required('gender') ?? fieldError('gender')} />
      <EnumSelect label="Time you can give each day *" values={TIME_COMMITMENT_VALUES} value={form.timeCommitment} onChange={(v) => set('timeCommitment', v)} optionLabel={(v) => TIME_LABEL[v]} placeholder="Choose a time" error={required('timeCommitment') ?? fieldError('timeCommitment')} />
      <EnumSelect label="Food budget *" values={BUDGET_VALUES} value={form.budget} onChange={(v) => set('budget', v)} optionLabel={label} placeholder="Choose a budget" error={required('budget') ?? fieldError('budget')} />
      <ChoiceGroup legend="Dietary restrictions" values={DIETARY_RESTRICTION_VALUES} label={label} chosen={form.dietaryRestrictions} onToggle={toggle('dietaryRestrictions')} error={fieldError('dietaryRestrictions')} />
      <ChoiceGroup legend="Health concerns" values={HEALTH_CONCERN_VALUES} label={label} chosen={form.healthConcerns} onToggle={toggle('healthConcerns')} error={fieldError('healthConcerns')} />
      <ChoiceGroup legend="Preferred meal types" values={MEAL_TYPE_VALUES} label={label} chosen={form.preferredMealTypes} onToggle={toggle('preferredMealTypes')} error={fieldError('preferredMealTypes')} />
      <NumberInput label="Current weight (lb)" value={form.startWeight} onChange={(v) => set('startWeight', v)} step="1" min={1} error={fieldError('startWeight')} />
      <NumberInput label="Target weight (lb)" value={form.targetWeight} onChange={(v) => set('targetWeight', v)} step="1" min={1} error={fieldError('targetWeight')} />
      <TextArea label="What motivates you?" value={form.motivation} onChange={(v) => set('motivation', v)} maxLength={NOTES_MAX} error={fieldError('motivation')} />
      <div className="row-actions">
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving ? 'Saving...' : 'Save My Goals'}
        </button>
        <button type="button" className="btn btn-outline" onClick={finish}>
          Cancel
        </button>
      </div>
    </form>
  );
}
