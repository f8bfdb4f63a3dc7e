// Makes one week's shopping list of a plan's days (fitted to the person) and
// opens it: the button of a started meal plan and of a personal meal plan.

import { use, useState } from 'react';
import { useNavigate } from '../../lib/router';
import { toast } from '../../components/toast';
import { useCatalogue } from '../../content/mealPlans';
import type { Preferences } from '../../generated/records';
import { loadTools } from '../../wasm/tools';
import { saveGeneratedList } from './saveList';

export function WeekListButton(props: {
  /** The plan's title, its days and the day of it today (from 1, as `core.planDay` counts it). */
  title: string;
  days: unknown[];
  day: number;
  preferences: Partial<Preferences>;
  planId: string;
  startDate: string;
  className?: string;
}) {
  const tools = use(loadTools());
  const catalogue = useCatalogue();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const week = tools.calendarWeek(props.day);
  if (!catalogue.data || props.days.length === 0) return null;
  const catalogueText = catalogue.data;

  async function make() {
    setBusy(true);
    try {
      const named = tools.meals(catalogueText).calendarLists(props.title, props.days, props.preferences)[week - 1];
      const listId = await saveGeneratedList(named, { planId: props.planId, startDate: props.startDate });
      toast({ title: 'Shopping List Generated!', description: `${named.title}: ${named.totalItems} items.` });
      void navigate(`/shopping-lists?list=${listId}`);
    } catch {
      toast({ title: 'Error', description: 'Failed to generate the shopping list. Please try again.', variant: 'destructive' });
      setBusy(false);
    }
  }

  return (
    <button type="button" className={props.className ?? 'btn btn-primary'} disabled={busy} onClick={() => void make()}>
      {busy ? 'Generating...' : `Make Week ${week}'s Shopping List`}
    </button>
  );
}
