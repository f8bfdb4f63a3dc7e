import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { RefusedChanges, type Refused } from './RefusedChanges';
import { fieldInWords, refusalInWords } from './refusalWords';

interface Reminder {
  title: string;
}

const change = (seq: number, title: string, op: Refused['op'] = 'put'): Refused<Reminder> => ({
  seq,
  id: `r${seq}`,
  op,
  fields: { title },
  refusal: { field: 'reminderTime', message: "'7:5' is not a time in the form HH:MM" },
});

/** The component fed like a page feeds it: Discard forgets the change. */
function Page({ initial, onFix }: { initial: Refused<Reminder>[]; onFix?: (c: Refused<Reminder>) => void }) {
  const [changes, setChanges] = useState(initial);
  return (
    <RefusedChanges
      changes={changes}
      what="prayer reminders"
      describe={(f) => f.title}
      fieldLabels={{ reminderTime: 'Time' }}
      onFix={onFix}
      onDiscard={(c) => setChanges((all) => all.filter((x) => x.seq !== c.seq))}
    />
  );
}

describe('refused changes', () => {
  it('say what was not saved and why, with the field in words', () => {
    render(<Page initial={[change(1, 'Morning prayer')]} onFix={() => {}} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Not saved: Morning prayer. The server did not accept this change.');
    expect(alert).toHaveTextContent("Time: '7:5' is not a time in the form HH:MM.");
    expect(screen.getByRole('region', { name: 'Changes not saved to your prayer reminders' })).toBeInTheDocument();
  });

  it('offer Fix for a change and only Discard for a deletion, named for screen readers', () => {
    const onFix = vi.fn();
    render(<Page initial={[change(1, 'Morning prayer'), change(2, 'Evening rest', 'delete')]} onFix={onFix} />);
    expect(screen.getAllByRole('button', { name: /^Fix/ })).toHaveLength(1);
    expect(screen.getByText(/this deletion/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Fix Morning prayer' }));
    expect(onFix).toHaveBeenCalledWith(expect.objectContaining({ id: 'r1' }));
    expect(screen.getByRole('button', { name: 'Discard Evening rest' })).toBeInTheDocument();
  });

  it('move focus to the next change on Discard, then say the last one was discarded', () => {
    render(<Page initial={[change(1, 'Morning prayer'), change(2, 'Evening rest')]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Discard Morning prayer' }));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(document.activeElement).toHaveTextContent('Not saved: Evening rest.');
    fireEvent.click(screen.getByRole('button', { name: 'Discard Evening rest' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('Discarded: Evening rest.');
    expect(document.activeElement).toBe(screen.getByRole('status'));
  });

  it('show nothing when nothing was refused', () => {
    const { container } = render(<RefusedChanges changes={[]} what="weight entries" />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe('a refusal in words', () => {
  it('names a field by the page, else spells its name out', () => {
    expect(fieldInWords('reminderTime', { reminderTime: 'Time' })).toBe('Time');
    expect(fieldInWords('mealPlanId')).toBe('Meal plan id');
    expect(fieldInWords('id')).toBeNull();
  });

  it('leaves the field out when the record as a whole was refused', () => {
    expect(refusalInWords({ field: 'id', message: "this account's records already take 50 MB" })).toBe("This account's records already take 50 MB.");
    expect(refusalInWords({ field: 'responses', message: 'statement 1 is rated 0, not 1 to 5' }, { responses: 'Your ratings' })).toBe(
      'Your ratings: Statement 1 is rated 0, not 1 to 5.',
    );
  });
});
