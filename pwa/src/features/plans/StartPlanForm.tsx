// Starting a meal plan, or changing the preferences of a started one: the
// allergies, dislikes and restrictions its days are fitted to, and the start
// date. Fix of a refused enrollment opens this with what was refused in it.

import { useState, type FormEvent } from 'react';
import { ChoiceGroup, DateInput, RefusalNote, TextInput, useFixFocus } from '../../components/form';
import { toast } from '../../components/toast';
import { OFFERED_ALLERGIES, type MealPlan } from '../../generated/meals';
import { DIETARY_RESTRICTION_VALUES, type FieldError, type MealPlanEnrollment, type Preferences } from '../../generated/records';
import { capitalize } from '../../lib/words';
import { type Stored } from '../../sync/useRecords';
import { type RefusedOf } from '../../sync/useRefused';
import { newRecordId, RecordRefused, saveRecord } from '../../sync/saveRecords';

/** Allergies offered as choices (the core also reads any other word typed). */
const ALLERGENS = OFFERED_ALLERGIES;
const RESTRICTIONS = DIETARY_RESTRICTION_VALUES.filter((r) => r !== 'none');

/** How the form names an enrollment's fields (also for its refusals). */
export const ENROLLMENT_LABELS = { mealPlanId: 'Meal plan', startDate: 'Start date', preferences: 'Your preferences' };
const CONTROLS = ['startDate'];

function words(text: string): string[] {
  return text
    .split(',')
    .map((w) => w.trim())
    .filter(Boolean);
}

const isOffered = (a: string) => (ALLERGENS as readonly string[]).includes(a);

export function StartPlanForm(props: {
  plan: MealPlan;
  today: string;
  current: Stored<'mealPlanEnrollments'> | undefined;
  /** A refused enrollment being fixed: its values fill the form, its reason shows. */
  fixing?: RefusedOf<'mealPlanEnrollments'>;
  onDone: () => void;
}) {
  const { plan, today, current, fixing, onDone } = props;
  const shown: Partial<MealPlanEnrollment> | undefined = fixing?.fields ?? current?.fields;
  const given: Partial<Preferences> = shown?.preferences ?? {};
  const prefs: Preferences = { allergies: given.allergies ?? [], dislikes: given.dislikes ?? [], dietaryRestrictions: given.dietaryRestrictions ?? [] };
  const [allergies, setAllergies] = useState<string[]>(prefs.allergies.filter(isOffered));
  const [otherAllergies, setOtherAllergies] = useState(prefs.allergies.filter((a) => !isOffered(a)).join(', '));
  const [dislikes, setDislikes] = useState(prefs.dislikes.join(', '));
  const [restrictions, setRestrictions] = useState<string[]>(prefs.dietaryRestrictions);
  const [startDate, setStartDate] = useState(shown?.startDate ?? today);
  const [error, setError] = useState<FieldError | null>(fixing?.refusal ?? null);
  const [saving, setSaving] = useState(false);
  const { ref, focusAfterFix } = useFixFocus(fixing);
  const toggle = (list: string[], set: (l: string[]) => void) => (v: string) => set(list.includes(v) ? list.filter((x) => x !== v) : [...list, v]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    const fields = {
      mealPlanId: plan.id,
      startDate,
      preferences: { allergies: [...allergies, ...words(otherAllergies)], dislikes: words(dislikes), dietaryRestrictions: restrictions },
    };
    try {
      // A fixed enrollment is saved again as itself, whole.
      if (fixing) await saveRecord('mealPlanEnrollments', fixing.id, 'put', fields);
      else await saveRecord('mealPlanEnrollments', current?.id ?? (await newRecordId('mealPlanEnrollments')), current ? 'patch' : 'put', fields);
      toast({ title: 'Meal Plan Started!', description: 'Your wholistic journey has begun. Check your dashboard for daily guidance.' });
      onDone();
    } catch (e) {
      if (e instanceof RecordRefused) {
        setError(e.refusal);
        focusAfterFix();
      } else toast({ title: 'Error', description: 'Failed to start meal plan. Please try again.', variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form ref={ref} className="form start-plan" onSubmit={(e) => void submit(e)} aria-label={`Start ${plan.title}`} noValidate>
      <h3>{current || fixing ? 'Your Preferences' : 'Start This Plan'}</h3>
      <p className="small muted">Meals with anything you leave out are swapped for another meal of the same kind.</p>
      <RefusalNote refusal={error} controls={CONTROLS} fieldLabels={ENROLLMENT_LABELS} />
      <ChoiceGroup legend="Allergies" values={ALLERGENS} label={capitalize} chosen={allergies} onToggle={toggle(allergies, setAllergies)} />
      <TextInput label="Other allergies" hint="Separate with commas, e.g. strawberries, sesame" value={otherAllergies} onChange={setOtherAllergies} maxLength={400} />
      <TextInput label="Foods you dislike" hint="Separate with commas, e.g. mushrooms, cilantro" value={dislikes} onChange={setDislikes} maxLength={400} />
      <ChoiceGroup
        legend="Dietary restrictions"
        values={RESTRICTIONS}
        label={capitalize}
        chosen={restrictions}
        onToggle={toggle(restrictions, setRestrictions)}
      />
      <DateInput
        label="Start date"
        value={startDate}
        error={error?.field === 'startDate' ? error.message : undefined}
        onChange={(v) => {
          setStartDate(v);
          if (error?.field === 'startDate') setError(null);
        }}
      />
      <div className="row-actions">
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving ? 'Saving...' : current || fixing ? 'Save Preferences' : 'Start Plan'}
        </button>
        <button type="button" className="btn btn-outline" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
