// @vitest-environment node
// The groups' module in WebAssembly gives the Rust rules' answers: a shared
// record's check, who may write what, where a request stands.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { groupsFromBytes } from './groups';

const groups = await groupsFromBytes(readFileSync(new URL('./pkg/manna_groups_bg.wasm', import.meta.url)));
const request = { groupId: 'g1', title: 'Healing', details: '', audience: 'group', anonymous: false, authorId: 'ann', authorName: 'Ann', createdAt: '2026-12-01T08:00:00.000Z', renewedOn: '2026-12-01', hidden: false };

describe('the groups module in WebAssembly', () => {
  it('checks a shared record and its id', () => {
    expect(groups.validateShared('groupRequests', 'request:g1:abc', request)).toBeUndefined();
    expect(groups.validateShared('groupRequests', 'request:g2:abc', request)?.field).toBe('groupId');
    expect(groups.validateShared('groupRequests', 'request:g1:abc', { ...request, title: ' ' })).toEqual({ field: 'title', message: 'must not be empty' });
  });

  it('says who may write what, in the server\'s words', () => {
    expect(groups.judgeWrite('groupRequests', 'member', 'ann', null, request, null, false)).toBeUndefined();
    expect(groups.judgeWrite('groupRequests', null, null, null, request, null, false)?.field).toBe('group');
    const edited = { ...request, title: 'Mine now' };
    expect(groups.judgeWrite('groupRequests', 'member', 'ben', request, edited, null, false)).toEqual({ field: 'id', message: 'only its writer may change a post' });
    expect(groups.judgeWrite('groupRequests', 'leader', 'cy', request, { ...request, hidden: true }, null, false)).toBeUndefined();
    const reflection = { groupId: 'g1', date: '2026-12-01', text: 'Grace' };
    expect(groups.judgeWrite('groupReflections', 'member', 'ann', null, reflection, null, false)?.field).toBe('group');
  });

  it('tells open, older and answered apart, and knows an invitation code', () => {
    expect(groups.requestState('2026-11-01', null, '2026-12-01')).toBe('older');
    expect(groups.requestState('2026-11-20', null, '2026-12-01')).toBe('open');
    expect(groups.requestState('2026-11-01', '2026-11-30', '2026-12-01')).toBe('answered');
    expect(groups.isInvitationCode('abcdefgh23')).toBe(true);
    expect(groups.isInvitationCode('0OIL1ABCDE')).toBe(false);
  });
});
