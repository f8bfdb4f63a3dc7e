// /shopping-lists: the four generate buttons, the active and completed lists
// (one open at a time, `?list={id}` opens one), items grouped by aisle and
// checked off in the shop with no signal (each with what the recipes use when
// that is less than what is bought), and the pantry guide. Lists and items are
// synced records: a check made on one phone shows on the other after a sync,
// and two phones checking at once keep every check. Lists and items the server
// refused show above the lists (ShoppingRefusals).

import { useMemo, useState } from 'react';
import { useSearchParams } from '../../lib/searchParams';
import { CardSkeleton } from '../../components/CardSkeleton';
import { focusWhenShown, useFocusAsked } from '../../components/focusWhenShown';
import { LiveList } from '../../components/LiveList';
import { PageHeader } from '../../components/PageHeader';
import { Tabs } from '../../components/Tabs';
import { toast } from '../../components/toast';
import { useCatalogue, useMealPlans } from '../../content/mealPlans';
import type { ListKind, PantryGroup } from '../../generated/meals';
import { ITEM_CATEGORY_VALUES } from '../../generated/records';
import { useRecords, type Stored } from '../../sync/useRecords';
import { saveRecord } from '../../sync/saveRecords';
import { buildList } from './generate';
import { dollars } from '../../lib/money';
import { saveGeneratedList } from './saveList';
import { itemCheckId, listHeadId, ShoppingRefusals } from './ShoppingRefusals';

type List = Stored<'shoppingLists'>;
type Item = Stored<'shoppingListItems'>;
type TabId = 'active' | 'completed' | 'pantry';
const TABS: { id: TabId; label: string }[] = [
  { id: 'active', label: 'Active Lists' },
  { id: 'completed', label: 'Completed' },
  { id: 'pantry', label: 'Pantry Guide' },
];

const BUTTONS: { kind: ListKind; label: string }[] = [
  { kind: 'anti_inflammatory', label: 'Anti-Inflammatory Week 1' },
  { kind: 'digestive_healing', label: 'Digestive Comfort Week 1' },
  { kind: 'protein_power', label: 'Protein Power Week 1' },
  { kind: 'pantry_staples', label: 'Pantry Staples' },
];

const AISLE: Record<string, string> = {
  produce: 'Produce',
  protein: 'Protein',
  dairy: 'Dairy and Eggs',
  pantry: 'Pantry',
  oils: 'Oils',
  supplements: 'Supplements',
  other: 'Other',
};

function useGenerate(onMade: (id: string) => void) {
  const catalogue = useCatalogue();
  const plans = useMealPlans();
  const enrollments = useRecords('mealPlanEnrollments');
  const goals = useRecords('wellnessGoals');
  const [busy, setBusy] = useState<ListKind | null>(null);
  const ready = !!catalogue.data && !!plans.data && !!enrollments.value && !!goals.value;

  async function generate(kind: ListKind) {
    if (!catalogue.data || !plans.data) return;
    setBusy(kind);
    try {
      const named = await buildList(kind, { catalogue: catalogue.data, mealPlans: plans.data, enrollments: enrollments.value ?? [], goals: goals.value ?? [] });
      const id = await saveGeneratedList(named);
      toast({ title: 'Shopping List Generated!', description: `${named.title}: ${named.totalItems} items, about ${dollars(named.estimatedCost)}.` });
      onMade(id);
    } catch (e) {
      console.error('Generating a list failed', e);
      const locked = e instanceof Error && e.message.startsWith('403');
      toast({
        title: 'Error',
        description: locked ? 'That plan is a premium plan: start a free plan or subscribe to shop from it.' : 'Failed to generate shopping list. Please try again.',
        variant: 'destructive',
      });
    } finally {
      setBusy(null);
    }
  }
  return { generate, busy, ready, loading: catalogue.isPending || plans.isPending, failed: catalogue.isError };
}

export default function ShoppingListsPage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('list');
  const [chosenTab, setTab] = useState<TabId | null>(null);
  const open = asked;
  const lists = useRecords('shoppingLists');
  const items = useRecords('shoppingListItems');
  const opened = (id: string) => {
    setTab(null);
    setParams({ list: id });
  };
  const gen = useGenerate(opened);
  // Fix of a refused list or item (here or on the calendar) opens its list.
  useFocusAsked();
  const fix = (listId: string, focusId: string) => {
    opened(listId);
    focusWhenShown(focusId);
  };
  const all = [...(lists.value ?? [])].sort((a, b) => b.fields.createdAt.localeCompare(a.fields.createdAt));
  // A list opened by its address shows in its own tab until a tab is chosen.
  const asking = all.find((l) => l.id === asked);
  const tab: TabId = chosenTab ?? (asking?.fields.status === 'completed' ? 'completed' : 'active');
  const shown = all.filter((l) => (tab === 'completed' ? l.fields.status === 'completed' : l.fields.status !== 'completed'));
  const toggle = (id: string) => (open === id ? setParams({}) : setParams({ list: id }));

  return (
    <>
      <PageHeader title="Shopping Lists" />
      <main className="page shopping">
        <section className="card" aria-labelledby="generate-title">
          <h2 id="generate-title">Generate a List</h2>
          <p className="small muted">Built from the plan you follow (with your allergies and dislikes left out), grouped by aisle and priced.</p>
          {gen.failed && <p className="notice" role="status">You are offline and the meal catalogue is not saved on this device yet. Open this page once with a connection.</p>}
          <div className="generate-buttons">
            {BUTTONS.map((b) => (
              <button key={b.kind} type="button" className="btn btn-outline" disabled={!gen.ready || gen.busy !== null} onClick={() => void gen.generate(b.kind)}>
                {gen.busy === b.kind ? 'Generating...' : b.label}
              </button>
            ))}
          </div>
        </section>
        <ShoppingRefusals lists={lists.value} onFix={fix} />
        <Tabs name="shopping" label="Shopping lists" tabs={TABS} selected={tab} onSelect={setTab}>
          {tab === 'pantry' ? (
            <PantryGuide onGenerate={() => void gen.generate('pantry_staples')} busy={gen.busy === 'pantry_staples'} ready={gen.ready} />
          ) : (
            <LiveList
              live={{ ...lists, value: lists.value ? shown : undefined }}
              what="shopping lists"
              loading={<CardSkeleton label="Loading your lists" />}
              empty={<p className="empty">{tab === 'completed' ? 'Lists you finish appear here.' : 'No active lists. Generate one above.'}</p>}
            >
              {(visible) => (
                <ul className="plain-list stack">
                  {visible.map((l) => (
                    <ListCard key={l.id} list={l} items={(items.value ?? []).filter((i) => i.fields.listId === l.id)} open={open === l.id} onToggle={() => toggle(l.id)} />
                  ))}
                </ul>
              )}
            </LiveList>
          )}
        </Tabs>
      </main>
    </>
  );
}

function statusClass(status: string): string {
  return status === 'completed' ? 'dot-green' : status === 'active' ? 'dot-amber' : 'dot-grey';
}

function ListCard({ list, items, open, onToggle }: { list: List; items: Item[]; open: boolean; onToggle: () => void }) {
  const f = list.fields;
  const checked = items.filter((i) => i.fields.isChecked).length;
  const [confirming, setConfirming] = useState(false);
  const panelId = `list-${list.id}`;

  async function check(item: Item, isChecked: boolean) {
    await saveRecord('shoppingListItems', item.id, 'patch', { isChecked, checkedAt: isChecked ? new Date().toISOString() : null });
    const nowChecked = checked + (isChecked ? 1 : -1);
    if (nowChecked === items.length && f.status !== 'completed') {
      await saveRecord('shoppingLists', list.id, 'patch', { status: 'completed' });
      toast({ title: 'List Complete!', description: `Everything on ${f.title} is in the basket.` });
    } else if (nowChecked < items.length && f.status === 'completed') {
      await saveRecord('shoppingLists', list.id, 'patch', { status: 'active' });
    }
  }

  async function remove() {
    for (const item of items) await saveRecord('shoppingListItems', item.id, 'delete');
    await saveRecord('shoppingLists', list.id, 'delete');
    toast({ title: 'List Deleted', description: `${f.title} was removed.` });
  }

  return (
    <li className="card shopping-list">
      <button id={listHeadId(list.id)} type="button" className="list-head" aria-expanded={open} aria-controls={panelId} onClick={onToggle}>
        <span className={`status-dot ${statusClass(f.status)}`} aria-hidden="true" />
        <span className="list-title">
          <strong>{f.title}</strong>
          <span className="small muted">
            {checked} of {items.length} checked · {f.estimatedCost != null ? `about ${dollars(f.estimatedCost)}` : 'no estimate'} · {f.status}
          </span>
        </span>
        <span aria-hidden="true">{open ? '▾' : '▸'}</span>
      </button>
      {open && (
        <div id={panelId} className="list-items">
          {ITEM_CATEGORY_VALUES.map((aisle) => {
            const here = items.filter((i) => i.fields.category === aisle).sort((a, b) => a.fields.itemName.localeCompare(b.fields.itemName));
            if (here.length === 0) return null;
            return (
              <section key={aisle} aria-label={AISLE[aisle]}>
                <h3 className="aisle">{AISLE[aisle]}</h3>
                <ul className="plain-list">
                  {here.map((item) => (
                    <li key={item.id} className={`item ${item.fields.isChecked ? 'item-checked' : ''}`}>
                      <label className="item-check">
                        <input
                          id={itemCheckId(item.id)}
                          type="checkbox"
                          checked={item.fields.isChecked}
                          onChange={(e) => void check(item, e.target.checked)}
                        />
                        <span>
                          <span className="item-name">
                            {item.fields.quantity ? `${item.fields.quantity} ` : ''}
                            {item.fields.itemName}
                          </span>
                          {item.fields.priority === 'high' && <span className="tag priority">Priority</span>}
                          {/* What the recipes use, when the quantity rounds up to what a shop sells. */}
                          {item.fields.quantityNote && <span className="small item-notes item-quantity-note">{item.fields.quantityNote}</span>}
                          <span className="small muted item-notes">
                            {[item.fields.notes, item.fields.nutritionalFocus].filter(Boolean).join(' · ')}
                          </span>
                        </span>
                      </label>
                      {item.fields.estimatedPrice != null && <span className="price">{dollars(item.fields.estimatedPrice)}</span>}
                    </li>
                  ))}
                </ul>
              </section>
            );
          })}
          <div className="row-actions">
            {confirming ? (
              <>
                <button type="button" className="btn btn-danger btn-small" onClick={() => void remove()}>
                  Delete {f.title}
                </button>
                <button type="button" className="btn btn-outline btn-small" onClick={() => setConfirming(false)}>
                  Keep It
                </button>
              </>
            ) : (
              <button type="button" className="btn btn-outline btn-small" onClick={() => setConfirming(true)}>
                Delete List
              </button>
            )}
          </div>
        </div>
      )}
    </li>
  );
}

function PantryGuide({ onGenerate, busy, ready }: { onGenerate: () => void; busy: boolean; ready: boolean }) {
  const catalogue = useCatalogue();
  const groups = useMemo(() => (catalogue.data ? ((JSON.parse(catalogue.data) as { pantry: PantryGroup[] }).pantry ?? []) : []), [catalogue.data]);
  return (
    <section className="card" aria-labelledby="pantry-title">
      <h2 id="pantry-title">Pantry Guide</h2>
      <p>The staples of a wholistic kitchen: with these on the shelf, most plan meals need only fresh produce and protein.</p>
      {catalogue.isPending && <CardSkeleton label="Loading the pantry guide" />}
      {groups.map((g) => (
        <section key={g.title}>
          <h3>{g.title}</h3>
          <p className="small muted">{g.why}</p>
          <ul>
            {g.items.map((i) => (
              <li key={i}>{i}</li>
            ))}
          </ul>
        </section>
      ))}
      <button type="button" className="btn btn-primary" disabled={!ready || busy} onClick={onGenerate}>
        {busy ? 'Generating...' : 'Generate Pantry List'}
      </button>
    </section>
  );
}
