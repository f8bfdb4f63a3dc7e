// /prayer-journal (premium): write prayers, read them back, edit, delete with
// undo, and mark them answered with the day. Entries are synced records
// (kept on this device first, on the user's other devices after a sync); the
// rules are the Rust ones. What is being written is kept on the device as a
// draft until it is saved, so nothing typed is lost to a reload. A journal
// may be locked (lock.ts): its entries are then sealed on the device before
// they are kept, and opened here with the key this device was given.

import { use, useEffect, useMemo, useState, type FormEvent } from 'react';
import { CardSkeleton } from '../../components/CardSkeleton';
import { EnumSelect, TextArea, TextInput, RefusalNote, useFixFocus } from '../../components/form';
import { LiveList, type Refused } from '../../components/LiveList';
import { Tabs } from '../../components/Tabs';
import { toast } from '../../components/toast';
import { JOURNAL_CATEGORY_VALUES, TITLE_MAX, type FieldError, type JournalEntry } from '../../generated/records';
import { storage } from '../../lib/storage';
import { useRecords } from '../../sync/useRecords';
import { useRefused } from '../../sync/useRefused';
import { discardRefused, newRecordId, RecordRefused, saveRecord } from '../../sync/saveRecords';
import { loadCore, todayIn, type Core } from '../../wasm/core';
import { loadJournalCrypto, type JournalCrypto } from '../../wasm/journal';
import { forSaving, openEntries, sealRemaining, useLockState, type LockState, type OpenEntry } from './lock';
import { LockCard, RecoveryKey, UnlockCard } from './JournalLock';
import { Prompts } from './Prompts';
import { PremiumOnly, PremiumRequired } from '../upgrade';
import { dayLabel } from '../../lib/dates';
import { capitalize } from '../../lib/words';
import { noteJournal } from '../../lib/journalCookie';

const DRAFT_KEY = 'manna-journal-draft';
/** How the form names an entry's fields (also for its refusals). */
const FIELD_LABELS = { title: 'Title', content: 'Your prayer', category: 'Category', date: 'Date', answered: 'Answered', answeredOn: 'Day answered' };
type TabId = 'write' | 'entries' | 'answered';
type Entry = OpenEntry;

interface Draft {
  /** The entry being edited; none for a new one. */
  id: string | null;
  fields: JournalEntry;
}

const blank = (today: string): Draft => ({ id: null, fields: { date: today, title: '', content: '', category: 'gratitude' } });

function readDraft(today: string): Draft {
  try {
    const saved = JSON.parse(storage.get(DRAFT_KEY) ?? 'null') as Draft | null;
    return saved?.fields ? saved : blank(today);
  } catch {
    return blank(today);
  }
}

const dateLabel = (iso: string) => dayLabel(iso, { month: 'long', day: 'numeric', year: 'numeric' });

/** Newest first: by date, then changes not yet synced, then the latest synced. */
function newestFirst(a: Entry, b: Entry): number {
  return b.fields.date.localeCompare(a.fields.date) || (b.version ?? Infinity) - (a.version ?? Infinity);
}

export default function PrayerJournalPage() {
  return (
    <PremiumOnly title="Prayer Journal" className="journal" preview={<Gate />}>
      {() => <JournalDoor core={use(loadCore())} />}
    </PremiumOnly>
  );
}

function Gate() {
  const entries = useRecords('prayerJournal').value?.length ?? 0;
  useEffect(() => noteJournal(null), []);
  return (
    <>
      {entries > 0 && (
        <p className="card notice" role="status">
          Your {entries} journal {entries === 1 ? 'entry is' : 'entries are'} kept safe on this device and in your account, and
          will be here again with premium.
        </p>
      )}
      <PremiumRequired />
    </>
  );
}

/** The journal, or (locked and not yet opened on this device) the passphrase. */
function JournalDoor({ core }: { core: Core }) {
  const lock = useLockState();
  // Shown once, above the journal, however the page below changes with the lock.
  const [recovery, setRecovery] = useState<string | null>(null);
  const closed = lock.kind === 'closed';
  useEffect(() => {
    if (closed) noteJournal(null);
  }, [closed]);
  return (
    <>
      {recovery && <RecoveryKey code={recovery} onDone={() => setRecovery(null)} />}
      {lock.kind === 'loading' ? (
        <CardSkeleton label="Loading your journal" />
      ) : lock.kind === 'closed' ? (
        <UnlockCard state={lock} />
      ) : lock.kind === 'unlocked' ? (
        <Unlocked core={core} lock={lock} onLocked={setRecovery} />
      ) : (
        <Journal core={core} lock={lock} crypto={null} onLocked={setRecovery} />
      )}
    </>
  );
}

function Unlocked({ core, lock, onLocked }: { core: Core; lock: Extract<LockState, { kind: 'unlocked' }>; onLocked: (code: string) => void }) {
  return <Journal core={core} lock={lock} crypto={use(loadJournalCrypto())} onLocked={onLocked} />;
}

/** Whether an entry's words hold `query` (any case). */
function holds(entry: Entry, query: string): boolean {
  const q = query.trim().toLocaleLowerCase();
  if (!q || entry.unreadable) return !q;
  const f = entry.fields;
  return [f.title, f.content, f.category].some((text) => String(text).toLocaleLowerCase().includes(q));
}

function Journal({ core, lock, crypto, onLocked }: { core: Core; lock: LockState; crypto: JournalCrypto | null; onLocked: (code: string) => void }) {
  const today = todayIn(core);
  const stored = useRecords('prayerJournal');
  const opened = lock.kind === 'unlocked' ? lock.opened : null;
  const records = useMemo(
    () => ({ ...stored, value: stored.value && crypto && opened ? openEntries(crypto, opened, stored.value) : (stored.value as Entry[] | undefined) }),
    [stored, crypto, opened],
  );
  const [query, setQuery] = useState('');
  // A lock another tab or device began: what is still in the open is sealed.
  const plainLeft = opened !== null && (stored.value ?? []).some((e) => !e.fields.locked);
  useEffect(() => {
    if (opened && plainLeft) void sealRemaining(opened);
  }, [opened, plainLeft]);
  const refused = useRefused('prayerJournal');
  const [tab, setTab] = useState<TabId>('write');
  const [draft, setDraftState] = useState<Draft>(() => readDraft(today));
  const [error, setError] = useState<FieldError | null>(null);
  const [missing, setMissing] = useState(false);
  const [saving, setSaving] = useState(false);
  const { ref: formRef, focusAfterFix } = useFixFocus();
  const everything = [...(records.value ?? [])].sort(newestFirst);
  const entries = everything.filter((e) => holds(e, query));
  const answered = entries.filter((e) => e.fields.answered);
  const answeredCount = everything.filter((e) => e.fields.answered).length;
  // The next visit's first page draws the journal as it is drawn now.
  const counted = records.value !== undefined;
  const sealed = lock.kind === 'unlocked';
  useEffect(() => {
    if (counted) noteJournal({ sealed, entries: everything.length, answered: answeredCount });
  }, [counted, sealed, everything.length, answeredCount]);

  const setDraft = (next: Draft) => {
    setDraftState(next);
    storage.set(DRAFT_KEY, JSON.stringify(next));
  };
  const setField = <K extends keyof JournalEntry>(key: K, value: JournalEntry[K]) => setDraft({ ...draft, fields: { ...draft.fields, [key]: value } });
  const clear = () => {
    setDraftState(blank(today));
    storage.remove(DRAFT_KEY);
    setError(null);
    setMissing(false);
  };

  async function save(event: FormEvent) {
    event.preventDefault();
    const fields = { ...draft.fields, title: draft.fields.title.trim(), content: draft.fields.content.trim() };
    if (!fields.title || !fields.content) {
      setMissing(true);
      toast({ title: 'Missing Information', description: 'Please add a title and content for your prayer entry.', variant: 'destructive' });
      return;
    }
    setSaving(true);
    try {
      const id = draft.id ?? (await newRecordId('prayerJournal'));
      await saveRecord('prayerJournal', id, draft.id ? 'patch' : 'put', await forSaving(lock, id, fields));
      toast({ title: draft.id ? 'Prayer Updated' : 'Prayer Saved', description: 'Your journal entry is saved and will sync to your other devices.' });
      clear();
      setTab('entries');
    } catch (e) {
      if (e instanceof RecordRefused) setError(e.refusal);
      else toast({ title: 'Error', description: 'Your prayer could not be saved on this device. It is kept in the form.', variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  }

  function edit(entry: Entry) {
    setDraft({ id: entry.id, fields: { ...entry.fields } });
    setError(null);
    setMissing(false);
    setTab('write');
  }

  async function remove(entry: Entry) {
    await saveRecord('prayerJournal', entry.id, 'delete');
    // An entry that did not open comes back as it was kept, still sealed.
    const back = entry.unreadable ? Promise.resolve(entry.fields) : forSaving(lock, entry.id, entry.fields);
    toast({
      title: 'Entry Deleted',
      description: entry.unreadable ? 'The entry that did not open was removed from your journal.' : `"${entry.fields.title}" was removed from your journal.`,
      durationMs: 8000,
      action: { label: 'Undo', onClick: () => void back.then((fields) => saveRecord('prayerJournal', entry.id, 'put', fields)) },
    });
  }

  async function toggleAnswered(entry: Entry) {
    const answeredNow = !entry.fields.answered;
    await saveRecord('prayerJournal', entry.id, 'patch', { answered: answeredNow, answeredOn: answeredNow ? today : null });
    if (answeredNow) toast({ title: 'Prayer Answered', description: 'Praise God! Marked as answered today.' });
  }

  function fix(change: Refused<JournalEntry>) {
    // A sealed change comes back to the form in words.
    const opened = !change.fields.locked
      ? change.fields
      : crypto && lock.kind === 'unlocked'
        ? crypto.openEntry(lock.opened.key, change.id, { ...change.fields })
        : null;
    if (!opened) {
      toast({ title: 'Error', description: 'This change does not open with your journal’s key.', variant: 'destructive' });
      return;
    }
    setDraft({ id: change.op === 'patch' ? change.id : null, fields: { ...blank(today).fields, ...(opened as Partial<JournalEntry>) } });
    setError(change.refusal);
    setTab('write');
    focusAfterFix();
  }

  const tabs = [
    { id: 'write' as const, label: draft.id ? 'Edit' : 'Write' },
    { id: 'entries' as const, label: `My Entries (${everything.length})` },
    { id: 'answered' as const, label: `Answered (${answeredCount})` },
  ];
  const errorOf = (field: keyof JournalEntry) => (error?.field === field ? error.message : undefined);
  const list = (items: Entry[], empty: string) => (
    <LiveList
      live={records}
      what="prayer journal"
      refused={refused}
      describe={(f: JournalEntry) => (f.locked ? 'a sealed entry' : f.title || 'an entry')}
      fieldLabels={FIELD_LABELS}
      onFix={fix}
      onDiscard={(c) => void discardRefused(c.seq)}
      empty={<EmptyJournal onWrite={() => setTab('write')} />}
    >
      {() =>
        items.length === 0 ? (
          <p className="card empty">{query.trim() ? `No entry holds “${query.trim()}”.` : empty}</p>
        ) : (
          <ul className="plain-list">
            {items.map((entry) =>
              entry.unreadable ? (
                <UnreadableEntry key={entry.id} entry={entry} onDelete={(e) => void remove(e)} />
              ) : (
                <EntryCard key={entry.id} entry={entry} onEdit={edit} onDelete={(e) => void remove(e)} onToggle={(e) => void toggleAnswered(e)} />
              ),
            )}
          </ul>
        )
      }
    </LiveList>
  );

  return (
    <Tabs name="journal" label="Prayer journal" tabs={tabs} selected={tab} onSelect={setTab}>
      {tab === 'write' && (
        <>
          <Prompts core={core} today={today} onUse={(p) => setDraft({ ...draft, fields: { ...draft.fields, title: draft.fields.title || p.prompt, category: p.category } })} />
          <form ref={formRef} className="card form" onSubmit={save} noValidate aria-labelledby="write-title">
            <h2 id="write-title" className="card-title">
              {draft.id ? 'Edit Prayer Entry' : 'New Prayer Entry'}
            </h2>
            <RefusalNote refusal={error} controls={['title', 'category', 'content']} fieldLabels={FIELD_LABELS} />
            {missing && (
              <div className="form-alert" role="alert">
                <strong>Missing Information:</strong> Please add a title and content for your prayer entry.
              </div>
            )}
            <TextInput label="Title" name="title" value={draft.fields.title} maxLength={TITLE_MAX} error={errorOf('title')} onChange={(v) => setField('title', v)} />
            <EnumSelect
              label="Category"
              name="category"
              values={JOURNAL_CATEGORY_VALUES}
              value={draft.fields.category}
              error={errorOf('category')}
              onChange={(v) => setField('category', v || 'gratitude')}
            />
            <TextArea label="Your prayer" name="content" value={draft.fields.content} error={errorOf('content')} onChange={(v) => setField('content', v)} />
            <div className="row">
              <button type="submit" className="btn btn-primary" disabled={saving}>
                {saving ? 'Saving…' : draft.id ? 'Save Changes' : 'Save Prayer'}
              </button>
              <button type="button" className="btn btn-outline" onClick={clear}>
                Cancel
              </button>
            </div>
            <p className="meta">
              {lock.kind === 'unlocked'
                ? 'Your journal is locked: this entry is sealed on this device before it is kept or synced.'
                : 'Only you can read your journal. It is kept on this device and synced to your other devices.'}
            </p>
          </form>
          <LockCard state={lock} onLocked={onLocked} />
        </>
      )}
      {tab !== 'write' && <JournalSearch query={query} onChange={setQuery} />}
      {tab === 'entries' && list(entries, 'No entries yet.')}
      {tab === 'answered' && list(answered, 'No answered prayers yet. When God answers, mark the entry as answered to remember it here.')}
    </Tabs>
  );
}

/** Search runs on this device, over the entries in words (a locked
 *  journal's included: the server could not search them). */
function JournalSearch({ query, onChange }: { query: string; onChange: (q: string) => void }) {
  return (
    <div className="form journal-search" role="search">
      <div className="field">
        <label htmlFor="journal-search">Search your journal</label>
        <input id="journal-search" type="search" value={query} onChange={(e) => onChange(e.target.value)} />
      </div>
    </div>
  );
}

function EmptyJournal({ onWrite }: { onWrite: () => void }) {
  return (
    <section className="card empty-state">
      <p>Your journal is empty. Write your first prayer.</p>
      <button type="button" className="btn btn-outline" onClick={onWrite}>
        Write a Prayer
      </button>
    </section>
  );
}

/** Characters past which an entry's text is shortened in the list. */
const LONG_ENTRY = 400;

/** An entry that does not open with this journal's key. */
function UnreadableEntry({ entry, onDelete }: { entry: Entry; onDelete: (e: Entry) => void }) {
  return (
    <li className="card journal-entry">
      <p className="meta">{dateLabel(entry.fields.date)}</p>
      <p>This entry does not open with your journal&apos;s key: it was changed or damaged on its way. It is kept as it is.</p>
      <div className="row">
        <button type="button" className="btn btn-small btn-danger" onClick={() => onDelete(entry)}>
          Delete<span className="sr-only"> the entry of {dateLabel(entry.fields.date)}</span>
        </button>
      </div>
    </li>
  );
}

function EntryCard(props: { entry: Entry; onEdit: (e: Entry) => void; onDelete: (e: Entry) => void; onToggle: (e: Entry) => void }) {
  const { entry } = props;
  const f = entry.fields;
  // A long prayer shows its first lines in the list; the whole of it on a tap.
  const long = f.content.length > LONG_ENTRY;
  const [whole, setWhole] = useState(false);
  return (
    <li className="card journal-entry" aria-labelledby={`entry-${entry.id}`}>
      <p className="meta">
        {dateLabel(f.date)} · <span className="tag">{capitalize(f.category)}</span>
      </p>
      {f.answered && (
        <p>
          <span className="tag answered">Answered{f.answeredOn ? ` ${dateLabel(f.answeredOn)}` : ''}</span>
        </p>
      )}
      <h3 id={`entry-${entry.id}`}>{f.title}</h3>
      <p className={`entry-content${long && !whole ? ' entry-clamped' : ''}`} id={`entry-text-${entry.id}`}>
        {f.content}
      </p>
      {long && (
        <button type="button" className="link-btn" aria-expanded={whole} aria-controls={`entry-text-${entry.id}`} onClick={() => setWhole(!whole)}>
          {whole ? 'Show less' : 'Read all'}
        </button>
      )}
      <div className="row">
        <button type="button" className="btn btn-small" onClick={() => props.onToggle(entry)} aria-pressed={Boolean(f.answered)}>
          {f.answered ? 'Mark as Not Answered' : 'Mark as Answered'}
        </button>
        <button type="button" className="btn btn-small btn-outline" onClick={() => props.onEdit(entry)}>
          Edit<span className="sr-only"> {f.title}</span>
        </button>
        <button type="button" className="btn btn-small btn-danger" onClick={() => props.onDelete(entry)}>
          Delete<span className="sr-only"> {f.title}</span>
        </button>
      </div>
    </li>
  );
}
