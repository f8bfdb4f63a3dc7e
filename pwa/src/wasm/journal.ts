// The only door to manna-core's journal module: a locked journal's
// cryptography (format v1). A passphrase's key (Argon2id), the journal key
// wrapped and opened, and an entry's fields sealed to their record and field
// (AES-256-GCM). Loaded by the journal's lock, once, and memoised; random
// bytes come from this browser's crypto.getRandomValues.

import { lazyModule } from './lazy';
import type * as Pkg from './pkg/manna_journal.js';

export interface Kdf {
  memoryKib: number;
  passes: number;
  lanes: number;
}

/** A passphrase's (or the recovery key's) lock of the journal key, as the
 *  journal key record keeps it. */
export interface Lock extends Kdf {
  salt: string;
  wrapped: string;
}

/** A journal locked anew: the key, its record's fields, the recovery key. */
export interface NewLock {
  journalKey: Uint8Array;
  record: { format: number; keyId: string; passphrase: Lock; recovery: Lock };
  recoveryCode: string;
}

type Fields = Record<string, unknown>;

export interface JournalCrypto {
  /** How many random bytes each step takes. */
  randomSizes(): { lock: number; rewrap: number; seal: number };
  /** Why a passphrase will not do, in words; undefined when it will. */
  checkPassphrase(passphrase: string): string | undefined;
  newLock(passphrase: string, random: Uint8Array): NewLock;
  passphraseLock(passphrase: string, journalKey: Uint8Array, random: Uint8Array): Lock;
  /** The journal key, or null for a passphrase that does not open it. */
  openLock(passphrase: string, lock: Lock): Uint8Array | null;
  /** The journal key, or null for a recovery key that does not open it. */
  openWithRecovery(typed: string, lock: Lock): Uint8Array | null;
  sealEntry(key: Uint8Array, recordId: string, fields: Fields, random: Uint8Array): Fields;
  /** The entry in words, or null when it does not open with `key`. */
  openEntry(key: Uint8Array, recordId: string, fields: Fields): Fields | null;
  deriveKey(passphrase: string, salt: Uint8Array, kdf: Kdf): Uint8Array;
  wrapKey(kek: Uint8Array, journalKey: Uint8Array, nonce: Uint8Array): string;
  /** The journal key, or null when `kek` is not the key it was wrapped with. */
  unwrapKey(kek: Uint8Array, wrapped: string): Uint8Array | null;
  sealField(key: Uint8Array, recordId: string, field: string, text: string, nonce: Uint8Array): string;
  /** The field's text, or null when it does not open with `key` as this
   *  record's field (another key, changed, or moved). */
  openField(key: Uint8Array, recordId: string, field: string, sealed: string): string | null;
}

/** A refusal the module gives for a wrong key, told apart from damage. */
function wrongKeyAsNull<T>(f: () => T): T | null {
  try {
    return f();
  } catch (e) {
    if (e instanceof Error && (e.message === 'wrong key' || e.message.startsWith('not a sealed value'))) return null;
    throw e;
  }
}

/** A passphrase in Unicode's composed form, so an accented letter typed on
 *  one keyboard opens what another keyboard's sealed. */
const composed = (passphrase: string) => passphrase.normalize('NFC');

function wrap(pkg: typeof Pkg): JournalCrypto {
  return {
    randomSizes: () => pkg.randomSizes() as { lock: number; rewrap: number; seal: number },
    checkPassphrase: (passphrase) => pkg.checkPassphrase(composed(passphrase)),
    newLock: (passphrase, random) => pkg.newLock(composed(passphrase), random) as NewLock,
    passphraseLock: (passphrase, journalKey, random) => pkg.passphraseLock(composed(passphrase), journalKey, random) as Lock,
    openLock: (passphrase, lock) => wrongKeyAsNull(() => pkg.openLock(composed(passphrase), lock)),
    openWithRecovery: (typed, lock) => wrongKeyAsNull(() => pkg.openWithRecovery(typed, lock)),
    sealEntry: (key, recordId, fields, random) => pkg.sealEntry(key, recordId, fields, random) as Fields,
    openEntry: (key, recordId, fields) => wrongKeyAsNull(() => pkg.openEntry(key, recordId, fields) as Fields),
    deriveKey: (passphrase, salt, kdf) => pkg.deriveKey(passphrase, salt, kdf.memoryKib, kdf.passes, kdf.lanes),
    wrapKey: (kek, journalKey, nonce) => pkg.wrapKey(kek, journalKey, nonce),
    unwrapKey: (kek, wrapped) => wrongKeyAsNull(() => pkg.unwrapKey(kek, wrapped)),
    sealField: (key, recordId, field, text, nonce) => pkg.sealField(key, recordId, field, text, nonce),
    openField: (key, recordId, field, sealed) => wrongKeyAsNull(() => pkg.openField(key, recordId, field, sealed)),
  };
}

const wasm = lazyModule(() => import('./pkg/manna_journal.js'), wrap);

/** The module, loaded once. */
export function loadJournalCrypto(): Promise<JournalCrypto> {
  return wasm.load();
}

/** For tests: the module initialised synchronously from its bytes. */
export function journalCryptoFromBytes(bytes: BufferSource): Promise<JournalCrypto> {
  return wasm.fromBytes(bytes);
}
