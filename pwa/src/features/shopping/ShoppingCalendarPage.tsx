// /shopping-calendar (premium): the 30 days from today, each in a shopping
// week (week = ceil(day / 7), days 29 and 30 with the fourth), and the four
// weekly lists of a chosen meal plan, generated on this device from the plan's
// days fitted to the person. A calendar view (a chosen day shows its week's
// list) and a list view of the four weeks.

import { use, useState } from 'react';
import { Link, useNavigate } from '../../lib/router';
import { CardSkeleton } from '../../components/CardSkeleton';
import { EnumSelect } from '../../components/form';
import { Tabs } from '../../components/Tabs';
import { toast } from '../../components/toast';
import { useCatalogue, useMealPlans } from '../../content/mealPlans';
import { CALENDAR_DAYS, CALENDAR_WEEKS, type NamedList } from '../../generated/meals';
import { dayLabel } from '../../lib/dates';
import { dollars } from '../../lib/money';
import { useRecords, type Stored } from '../../sync/useRecords';
import { loadCore, todayIn, type Core } from '../../wasm/core';
import { loadTools, type Tools } from '../../wasm/tools';
import { PremiumOnly } from '../upgrade';
import { fittedDays } from './generate';
import { newestEnrollment, saveGeneratedLists } from './saveList';
import { ShoppingRefusals } from './ShoppingRefusals';

type List = Stored<'shoppingLists'>;
type View = 'calendar' | 'list';
const VIEWS: { id: View; label: string }[] = [
  { id: 'calendar', label: 'Calendar' },
  { id: 'list', label: 'List View' },
];

const shortDate = (iso: string) => dayLabel(iso, { weekday: 'short', month: 'short', day: 'numeric' });

export default function ShoppingCalendarPage() {
  return (
    <PremiumOnly title="30-Day Shopping Calendar" className="shopping-calendar" preview={<Upgrade />}>
      {() => <Calendar core={use(loadCore())} tools={use(loadTools())} />}
    </PremiumOnly>
  );
}

function Upgrade() {
  return (
    <section className="promo premium-required-notice" aria-labelledby="calendar-upgrade">
      <h2 id="calendar-upgrade">30-Day Personalized Shopping Lists</h2>
      <p>Choose a meal plan and get four weekly shopping lists for the next 30 days, fitted to your allergies and dislikes, grouped by aisle and priced, on a calendar.</p>
      <Link className="btn btn-gold" to="/checkout">
        Unlock with Premium
      </Link>
    </section>
  );
}

/** The newest 30-day set: the lists of one plan and start date, week by week. */
function newestSet(lists: readonly List[]): List[] {
  const dated = lists.filter((l) => l.fields.startDate && l.fields.weekNumber);
  const newest = [...dated].sort((a, b) => b.fields.createdAt.localeCompare(a.fields.createdAt))[0];
  if (!newest) return [];
  return dated
    .filter((l) => l.fields.startDate === newest.fields.startDate && l.fields.planId === newest.fields.planId && l.fields.createdAt === newest.fields.createdAt)
    .sort((a, b) => (a.fields.weekNumber ?? 0) - (b.fields.weekNumber ?? 0));
}

function Calendar({ core, tools }: { core: Core; tools: Tools }) {
  const today = todayIn(core);
  const plans = useMealPlans();
  const catalogue = useCatalogue();
  const mine = useRecords('personalizedPlans');
  const enrollments = useRecords('mealPlanEnrollments');
  const goals = useRecords('wellnessGoals');
  const lists = useRecords('shoppingLists');
  const [planId, setPlanId] = useState<string>('');
  const [view, setView] = useState<View>('calendar');
  const [day, setDay] = useState(1);
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();

  const open = (plans.data ?? []).filter((p) => !p.locked);
  const personal = (mine.value ?? []).filter((p) => p.fields.planType === 'meal_plan').sort((a, b) => b.fields.createdAt.localeCompare(a.fields.createdAt));
  const choices = [...personal.slice(0, 1).map((p) => ({ id: p.id, title: `${p.fields.title} (yours)` })), ...open.map((p) => ({ id: p.id, title: p.title }))];
  const set = newestSet(lists.value ?? []);
  const start = set[0]?.fields.startDate ?? today;
  const dates = Array.from({ length: CALENDAR_DAYS }, (_, i) => core.addDays(today, i));

  async function generate() {
    if (!planId) {
      toast({ title: 'Select a Plan', description: 'Please select a meal plan to generate shopping lists for.', variant: 'destructive' });
      return;
    }
    if (!catalogue.data || !plans.data) return;
    setBusy(true);
    try {
      const sources = { catalogue: catalogue.data, mealPlans: plans.data, enrollments: enrollments.value ?? [], goals: goals.value ?? [] };
      const own = personal.find((p) => p.id === planId);
      let named: NamedList[];
      if (own) {
        named = tools.meals(catalogue.data).calendarLists(own.fields.title, own.fields.dailyPlans, {});
      } else {
        const prefs = newestEnrollment(sources.enrollments, (e) => e.mealPlanId === planId)?.fields.preferences ?? {};
        const days = await fittedDays(tools, sources, planId, prefs);
        const title = plans.data.find((p) => p.id === planId)?.title ?? 'Meal Plan';
        named = tools.meals(catalogue.data).calendarLists(title, days, prefs);
      }
      await saveGeneratedLists(named, { planId, startDate: today });
      toast({ title: '30-Day Shopping Lists Generated!', description: `${named.length} weekly lists for the next 30 days.` });
    } catch (e) {
      toast({ title: 'Error', description: e instanceof Error && e.message ? e.message : 'Failed to generate shopping lists', variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  const weekOf = (date: string) => tools.calendarWeekOf(start, date) ?? null;
  const listOfWeek = (week: number | null) => set.find((l) => l.fields.weekNumber === week);
  const selectedWeek = weekOf(dates[day - 1]);

  return (
    <>
      <ShoppingRefusals lists={lists.value} onFix={(listId, focus) => void navigate(`/shopping-lists?list=${listId}`, { state: { focus } })} />
      <section className="card form" aria-labelledby="calendar-generate">
        <h2 id="calendar-generate">Plan Your Next 30 Days</h2>
        {plans.isPending || catalogue.isPending ? (
          <CardSkeleton label="Loading the meal plans" />
        ) : (
          <>
            <EnumSelect
              label="Meal plan"
              values={choices.map((c) => c.id)}
              value={planId}
              onChange={(v) => setPlanId(v)}
              optionLabel={(id) => choices.find((c) => c.id === id)?.title ?? id}
              placeholder="Choose a meal plan"
            />
            <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void generate()}>
              {busy ? 'Generating...' : 'Generate 30-Day Shopping Lists'}
            </button>
          </>
        )}
      </section>
      <Tabs name="calendar-view" label="Calendar views" tabs={VIEWS} selected={view} onSelect={setView}>
        {set.length === 0 && <p className="card empty-state">No 30-day lists yet: choose a plan and generate them.</p>}
        {view === 'calendar' ? (
          <section className="card">
            <div className="calendar-grid" role="group" aria-label="The next 30 days">
              {dates.map((date, i) => (
                <button
                  key={date}
                  type="button"
                  className={`calendar-day ${i + 1 === day ? 'day-selected' : ''}`}
                  aria-pressed={i + 1 === day}
                  onClick={() => setDay(i + 1)}
                >
                  <span className="small">{shortDate(date).split(',')[0]}</span> <strong>{Number(date.slice(8))}</strong>
                  <span className="sr-only">
                    {` ${dayLabel(date, { month: 'long' })}${weekOf(date) ? `, week ${weekOf(date)}` : ''}`}
                  </span>
                </button>
              ))}
            </div>
            <h3>
              {shortDate(dates[day - 1])}
              {selectedWeek ? ` · Week ${selectedWeek}` : ''}
            </h3>
            <WeekCard list={listOfWeek(selectedWeek)} />
          </section>
        ) : (
          <ol className="plain-list stack">
            {Array.from({ length: CALENDAR_WEEKS }, (_, i) => i + 1).map((week) => {
              const [from, to] = tools.calendarWeekDates(start, week);
              return (
                <li key={week} className="card">
                  <h3>
                    Week {week}: {shortDate(from)} – {shortDate(to)}
                  </h3>
                  <WeekCard list={listOfWeek(week)} />
                </li>
              );
            })}
          </ol>
        )}
      </Tabs>
    </>
  );
}

function WeekCard({ list }: { list: List | undefined }) {
  const items = useRecords('shoppingListItems');
  if (!list) return <p className="muted">No list for this week yet.</p>;
  const mine = (items.value ?? []).filter((i) => i.fields.listId === list.id);
  const checked = mine.filter((i) => i.fields.isChecked).length;
  return (
    <div className="week-list">
      <p>
        <strong>{list.fields.title}</strong>
      </p>
      <p className="small muted">
        {checked} of {mine.length} items checked · about {dollars(list.fields.estimatedCost ?? 0)}
      </p>
      <Link className="btn btn-outline btn-small" to={`/shopping-lists?list=${list.id}`}>
        Open List<span className="sr-only">: {list.fields.title}</span>
      </Link>
    </div>
  );
}
