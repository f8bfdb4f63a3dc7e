// A locked journal on this device. Whether the journal is locked is its key
// record (synced, `journalKeys`); whether it is open here is the journal key
// kept on this device once the passphrase (or the recovery key) was given,
// so it opens offline after that. The cryptography and the record's shape
// are the Rust core's (wasm/journal.ts); here are the steps a page takes:
// lock, open, recover, change the passphrase, and seal what is still in the
// open (an entry another device wrote before it learned of the lock, or a
// lock a closed tab did not finish sending).

import { getMeta, setMeta } from '../../db/meta';
import type { JournalEntry, JournalKey } from '../../generated/records';
import { primeLive, useLive, useRecords, type Stored } from '../../sync/useRecords';
import { primeRecords } from '../../sync/primeRecords';
import { newRecordId, saveRecords, type RecordChange } from '../../sync/saveRecords';
import { loadJournalCrypto, type JournalCrypto } from '../../wasm/journal';

/** Where this device keeps the journal key once opened (syncMeta: gone at logout). */
const OPENED = 'journalOpen';

export interface Opened {
  keyId: string;
  key: Uint8Array;
}

type Entry = Stored<'prayerJournal'>;
type KeyRecord = Stored<'journalKeys'>;

export type LockState =
  | { kind: 'loading' }
  /** Not locked: entries travel in the open, as before. */
  | { kind: 'open-journal' }
  /** Locked, and this device has not been given the passphrase yet. */
  | { kind: 'closed'; record: KeyRecord }
  /** Locked, and open on this device. */
  | { kind: 'unlocked'; record: KeyRecord; opened: Opened };

function random(n: number): Uint8Array {
  const bytes = new Uint8Array(n);
  crypto.getRandomValues(bytes);
  return bytes;
}

/** The journal's lock as this device sees it, live. */
export function useLockState(): LockState {
  const keys = useRecords('journalKeys');
  const opened = useLive((db) => db.liveMetaOrNull<Opened>(OPENED), OPENED);
  if (keys.value === undefined || (opened.value === undefined && !opened.failed && keys.value.length > 0)) return { kind: 'loading' };
  const record = keys.value[0];
  if (!record) return { kind: 'open-journal' };
  const key = opened.value;
  if (key && key.keyId === record.fields.keyId) return { kind: 'unlocked', record, opened: key };
  return { kind: 'closed', record };
}

/** Reads the lock as this device keeps it, for the first `useLockState`
 *  (a first render that must not draw a placeholder over the server's page). */
export async function primeLockState(): Promise<void> {
  await Promise.all([primeRecords('journalKeys'), openedKey().then((key) => primeLive(OPENED, key))]);
}

/**
 * Keeps the journal key this device opened. A device that locked the journal
 * at the same time as another (the server kept the other's key) first seals
 * its own entries again with the key kept, so none stays sealed with a key
 * that opens nothing.
 */
async function keepOpened(opened: Opened): Promise<void> {
  const before = await openedKey();
  if (before && before.keyId !== opened.keyId) await sealAgain(before, opened);
  await setMeta(OPENED, opened);
}

async function sealAgain(from: Opened, to: Opened): Promise<void> {
  const [crypto, db] = await Promise.all([loadJournalCrypto(), import('../../db/synced')]);
  const changes: RecordChange[] = [];
  for (const e of await db.recordsOf('prayerJournal')) {
    const words = e.fields.locked ? crypto.openEntry(from.key, e.id, { ...e.fields }) : null;
    if (words) changes.push(sealedPut(crypto, to, e.id, words));
  }
  if (changes.length > 0) await saveRecords(changes);
}

/** The journal key on this device, if this device has opened the journal. */
export async function openedKey(): Promise<Opened | null> {
  return (await getMeta<Opened | null>(OPENED)) ?? null;
}

/** An entry's words sealed with `opened`'s key, under fresh nonces. */
function sealWords(crypto: JournalCrypto, opened: Opened, id: string, words: Record<string, unknown>): Record<string, unknown> {
  return crypto.sealEntry(opened.key, id, words, random(crypto.randomSizes().seal));
}

/** The change that puts an entry's words back, sealed with `opened`'s key. */
function sealedPut(crypto: JournalCrypto, opened: Opened, id: string, words: Record<string, unknown>): RecordChange {
  return { table: 'prayerJournal', id, op: 'put', fields: sealWords(crypto, opened, id, words) };
}

/** The changes that seal every entry of `entries` still in the open. */
function sealing(crypto: JournalCrypto, opened: Opened, entries: readonly { id: string; fields: JournalEntry }[]): RecordChange[] {
  return entries.filter((e) => !e.fields.locked).map((e) => sealedPut(crypto, opened, e.id, { ...e.fields }));
}

/**
 * Locks the journal with `passphrase`: a new journal key, wrapped with the
 * passphrase and with a recovery key, and every entry on this device sealed,
 * all in one write on this device (so a closed tab leaves either all of it to
 * be sent, or nothing). Answers the recovery key, to be shown once.
 */
export async function lockJournal(passphrase: string): Promise<string> {
  const [crypto, db] = await Promise.all([loadJournalCrypto(), import('../../db/synced')]);
  const lock = crypto.newLock(passphrase, random(crypto.randomSizes().lock));
  const opened = { keyId: lock.record.keyId, key: lock.journalKey };
  const id = await newRecordId('journalKeys');
  const entries = await db.recordsOf('prayerJournal');
  await keepOpened(opened);
  await saveRecords([{ table: 'journalKeys', id, op: 'put', fields: { ...lock.record } }, ...sealing(crypto, opened, entries)]);
  return lock.recoveryCode;
}

/** Opens a locked journal on this device; false for a passphrase that does not open it. */
export async function openJournal(passphrase: string, record: KeyRecord): Promise<boolean> {
  const crypto = await loadJournalCrypto();
  const key = crypto.openLock(passphrase, record.fields.passphrase);
  if (!key) return false;
  await keepOpened({ keyId: record.fields.keyId, key });
  return true;
}

/** Changes the passphrase: the same journal key wrapped anew; no entry is sealed again. */
export async function changePassphrase(passphrase: string, record: KeyRecord, opened: Opened): Promise<void> {
  const crypto = await loadJournalCrypto();
  const lock = crypto.passphraseLock(passphrase, opened.key, random(crypto.randomSizes().rewrap));
  await saveRecords([{ table: 'journalKeys', id: record.id, op: 'patch', fields: { passphrase: lock } }]);
}

/** Opens the journal with the recovery key and sets a new passphrase;
 *  false for a recovery key that does not open it. */
export async function recoverJournal(typed: string, passphrase: string, record: KeyRecord): Promise<boolean> {
  const crypto = await loadJournalCrypto();
  const key = crypto.openWithRecovery(typed, record.fields.recovery);
  if (!key) return false;
  const opened = { keyId: record.fields.keyId, key };
  await keepOpened(opened);
  await changePassphrase(passphrase, record, opened);
  return true;
}

/** Seals the entries still in the open (a lock resumed, another device's
 *  entry written before it knew of the lock). Answers how many. */
export async function sealRemaining(opened: Opened): Promise<number> {
  const [crypto, db] = await Promise.all([loadJournalCrypto(), import('../../db/synced')]);
  const changes = sealing(crypto, opened, await db.recordsOf('prayerJournal'));
  if (changes.length > 0) await saveRecords(changes);
  return changes.length;
}

/** An entry's fields ready to be kept: sealed when the journal is locked. */
export async function forSaving(state: LockState, id: string, fields: Partial<JournalEntry>): Promise<Partial<JournalEntry>> {
  if (state.kind !== 'unlocked') return fields;
  const crypto = await loadJournalCrypto();
  return sealWords(crypto, state.opened, id, fields) as Partial<JournalEntry>;
}

/** An entry as its writer reads it; `unreadable` when it does not open with this key. */
export interface OpenEntry extends Entry {
  unreadable?: boolean;
}

/** The entries in words, with the key opened on this device. */
export function openEntries(crypto: JournalCrypto, opened: Opened, entries: readonly Entry[]): OpenEntry[] {
  return entries.map((e) => {
    if (!e.fields.locked) return e;
    const fields = crypto.openEntry(opened.key, e.id, e.fields as unknown as Record<string, unknown>);
    return fields ? { ...e, fields: fields as unknown as JournalEntry } : { ...e, unreadable: true };
  });
}

/** For export and import (Settings): the journal's entries in words, and
 *  words sealed again when the journal is locked. Throws JournalClosed when
 *  the journal is locked and not open on this device. */
export class JournalClosed extends Error {
  constructor() {
    super('Your prayer journal is locked on this device. Open it with your passphrase on the Prayer Journal page first.');
    this.name = 'JournalClosed';
  }
}

async function currentLock(): Promise<{ record: { id: string; fields: JournalKey } | undefined; opened: Opened | null }> {
  const db = await import('../../db/synced');
  const [record] = await db.recordsOf('journalKeys');
  return { record, opened: await openedKey() };
}

/** The entries in words; one that does not open with this journal's key
 *  (changed or damaged on its way) is left out of an export. */
export async function entriesInWords(entries: { id: string; fields: Record<string, unknown> }[]): Promise<{ id: string; fields: Record<string, unknown> }[]> {
  if (!entries.some((e) => e.fields.locked === true)) return entries;
  const { record, opened } = await currentLock();
  if (!record || !opened || opened.keyId !== record.fields.keyId) throw new JournalClosed();
  const crypto = await loadJournalCrypto();
  return entries.flatMap((e) => {
    const fields = crypto.openEntry(opened.key, e.id, e.fields);
    if (!fields) return [];
    const words = { ...fields };
    delete words.locked;
    return [{ id: e.id, fields: words }];
  });
}

export async function sealedForImport(id: string, fields: Record<string, unknown>): Promise<Record<string, unknown>> {
  const { record, opened } = await currentLock();
  if (!record) return fields;
  if (!opened || opened.keyId !== record.fields.keyId) throw new JournalClosed();
  const crypto = await loadJournalCrypto();
  return sealWords(crypto, opened, id, fields);
}
