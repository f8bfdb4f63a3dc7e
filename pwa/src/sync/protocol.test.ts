// @vitest-environment node
// The PWA's messages must be byte-for-byte those of the Rust protocol crate.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pullRequest, pushRequest, type Mutation } from './protocol';

const vectors = JSON.parse(readFileSync(new URL('../../../sync-protocol/tests/vectors.json', import.meta.url), 'utf8'));

describe('sync wire format', () => {
  it('writes push requests exactly as the server reads them', () => {
    const v = vectors.pushRequest;
    const ours = pushRequest(v.deviceId, v.mutations as Mutation[]);
    expect(JSON.stringify(ours)).toBe(JSON.stringify(v));
  });

  it('writes pull requests exactly as the server reads them', () => {
    for (const v of [vectors.pullRequest, vectors.pullRequestSnapshot]) {
      expect(JSON.stringify(pullRequest(v.deviceId, v.cursor, v.limit))).toBe(JSON.stringify(v));
    }
  });

  it('reads answers with the fields it relies on', () => {
    expect(vectors.pullResponse).toHaveProperty('hasMore');
    expect(vectors.pullResponse).toHaveProperty('ackedSeq');
    expect(vectors.pullResponse.forgetGroups).toEqual(['0a9b8c7d6e5f4a3b2c1d0e9f']);
    expect(vectors.pushResponse.gap).toEqual({ expected: 3, received: 5 });
    expect(vectors.pullResponseReset.reset).toBe('cursorTooOld');
  });
});
