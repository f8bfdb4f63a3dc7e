// @vitest-environment node
// The journal module in WebAssembly gives format v1's golden vectors, the
// same bytes the native build and another implementation give, and refuses
// a wrong passphrase, a changed ciphertext and a ciphertext moved to another
// record or field.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { journalCryptoFromBytes } from './journal';

const crypto = await journalCryptoFromBytes(readFileSync(new URL('./pkg/manna_journal_bg.wasm', import.meta.url)));

// The vectors of core-wasm/src/journal_lock.rs (computed with Python's
// `cryptography` 48 from these inputs).
const PASSPHRASE = 'Psalm 23, the Lord is my shepherd';
const KEK_HEX = 'cc21521c95f0daefffda8dfcb10e84c83aa23dcb69c7d541a77b74d30d0346cd';
const WRAPPED = 'v1.ZGVmZ2hpamtsbW5v1LEwgz7TAm2zcDJ5O3TpYzUxQQ_JNcoywAGF-oLILQUhZtZvYOTW4dC6LMVFlGiL';
const RECORD = 'journal-1700000000000-abc';
const TEXT = 'Lord, thank You for this morning. \u00c9glise, caf\u00e9 \u2014 amen.';
const SEALED = 'v1.yMnKy8zNzs_Q0dLT6Sbchp921qo_8ejNuxdw9PerQV6lmhGCfZhKiKcaC99bVtZovBNUr_7xLezODoka2zuBABVTRjcfLPTxUb3qatVdtGonkG9MXmE';
const KDF = { memoryKib: 19456, passes: 2, lanes: 1 };

const bytes = (from: number, n: number) => Uint8Array.from({ length: n }, (_, i) => from + i);
const hex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');

describe('the journal module in WebAssembly', () => {
  const kek = crypto.deriveKey(PASSPHRASE, bytes(0, 16), KDF);
  const journalKey = bytes(32, 32);

  it('agrees with the golden vectors of format v1', () => {
    expect(hex(kek)).toBe(KEK_HEX);
    expect(crypto.wrapKey(kek, journalKey, bytes(100, 12))).toBe(WRAPPED);
    expect(crypto.unwrapKey(kek, WRAPPED)).toEqual(journalKey);
    expect(crypto.sealField(journalKey, RECORD, 'content', TEXT, bytes(200, 12))).toBe(SEALED);
    expect(crypto.openField(journalKey, RECORD, 'content', SEALED)).toBe(TEXT);
  });

  it('opens nothing with a wrong passphrase, a changed value, or another record or field', () => {
    const other = crypto.deriveKey('Psalm 24', bytes(0, 16), KDF);
    expect(crypto.unwrapKey(other, WRAPPED)).toBeNull();
    expect(crypto.openField(journalKey, RECORD, 'title', SEALED)).toBeNull();
    expect(crypto.openField(journalKey, 'journal-1700000000000-abd', 'content', SEALED)).toBeNull();
    const changed = SEALED.slice(0, 40) + (SEALED[40] === 'A' ? 'B' : 'A') + SEALED.slice(41);
    expect(crypto.openField(journalKey, RECORD, 'content', changed)).toBeNull();
    expect(crypto.openField(bytes(1, 32), RECORD, 'content', SEALED)).toBeNull();
  });

  it('refuses keys and nonces of the wrong size in words', () => {
    expect(() => crypto.sealField(bytes(0, 16), RECORD, 'title', 'x', bytes(0, 12))).toThrow('key: must be 32 bytes');
    expect(() => crypto.wrapKey(kek, journalKey, bytes(0, 8))).toThrow('nonce: must be 12 bytes');
  });
});
