// Refused changes of shopping lists and their items (a list made, an item
// checked off, a list deleted), shown where lists are made and used. They
// have nothing to correct by hand: Fix tries the list or item again as it was
// meant and leads to it.

import type { Stored } from '../../sync/useRecords';
import type { RefusedOf } from '../../sync/useRefused';
import { TableRefusals } from '../refusals';

const LIST_LABELS = { title: 'Title', status: 'Status', createdAt: 'Date made', estimatedCost: 'Estimated cost', weekNumber: 'Week', planId: 'Meal plan', startDate: 'First day' };
const ITEM_LABELS = {
  listId: 'List',
  itemName: 'Item',
  category: 'Aisle',
  quantity: 'Quantity',
  quantityNote: 'What the recipes use',
  priority: 'Priority',
  notes: 'Notes',
  nutritionalFocus: 'Nutritional focus',
  estimatedPrice: 'Price',
  isChecked: 'Checked off',
  checkedAt: 'Time checked off',
};

/** The ids Fix moves focus to: a list's header and an item's checkbox. */
export const listHeadId = (listId: string) => `list-head-${listId}`;
export const itemCheckId = (itemId: string) => `item-${itemId}`;

/** `onFix(listId, focusId)`: open the list and focus the list or the item
 *  (once saved again). `lists`: the lists the page shows, to name an item's. */
export function ShoppingRefusals({ lists, onFix }: { lists: Stored<'shoppingLists'>[] | undefined; onFix: (listId: string, focusId: string) => void }) {
  const titleOf = (listId: string) => lists?.find((l) => l.id === listId)?.fields.title;
  const describeList = (f: RefusedOf<'shoppingLists'>['fields']) => `the list ${f.title || 'without a title'}${f.status === 'completed' ? ' (completed)' : ''}`;
  const describeItem = (f: RefusedOf<'shoppingListItems'>['fields']) =>
    `${f.quantity ? `${f.quantity} ` : ''}${f.itemName || 'an item'} on ${titleOf(f.listId) ?? 'a shopping list'}${f.isChecked ? ', checked off' : ''}`;
  return (
    <>
      <TableRefusals
        table="shoppingLists"
        what="shopping lists"
        describe={describeList}
        fieldLabels={LIST_LABELS}
        onSaved={(c) => onFix(c.id, listHeadId(c.id))}
      />
      <TableRefusals
        table="shoppingListItems"
        what="shopping list items"
        describe={describeItem}
        fieldLabels={ITEM_LABELS}
        onSaved={(c) => onFix(c.fields.listId, itemCheckId(c.id))}
      />
    </>
  );
}
