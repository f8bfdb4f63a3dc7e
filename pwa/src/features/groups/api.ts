// The groups' calls to the server, and the last answer of each kept on the
// device, so a group's page and the list of groups still show (as of the last
// connection) on a phone with no signal. What a group shares (its requests,
// prayers and reflections) is synced records, on the device already.

import { apiRequest } from '../../api/client';
import type { GroupDetail, GroupInvitation, GroupInvitations, GroupList, GroupMember, InvitationPreview } from '../../generated/api';
import type { GroupKind, NewRequests, NoticeChoice, Role } from '../../generated/records';
import { storage } from '../../lib/storage';

const LIST_KEY = 'manna-groups';
const groupKey = (id: string) => `manna-group-${id}`;

function kept<T>(key: string): T | null {
  try {
    return JSON.parse(storage.get(key) ?? 'null') as T | null;
  } catch {
    return null;
  }
}

/** A group changes as people join, leave and lead: its calls are asked
 *  again each time a page shows them, and on reconnecting; offline, they
 *  fail at once, so the page shows what it kept and says so. */
export const LIVE = { staleTime: 0, refetchOnMount: true, refetchOnReconnect: true, networkMode: 'always' } as const;

export const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** A group call, refused at once with no network (rather than waiting). */
function ask<T>(method: string, url: string): Promise<T> {
  if (isOffline()) return Promise.reject(new Error('offline'));
  return apiRequest<T>(method, url, undefined, { noCache: true });
}

export const GROUPS_QUERY = ['groups'] as const;
export const groupQuery = (id: string) => ['group', id] as const;

/** The person's groups (and keeps them for offline). */
export async function fetchGroups(): Promise<GroupList> {
  const list = await ask<GroupList>('GET', '/api/groups');
  storage.set(LIST_KEY, JSON.stringify(list));
  return list;
}

/** The groups as of the last answer, if any. */
export const keptGroups = () => kept<GroupList>(LIST_KEY);

/** A group's page (and keeps it for offline). */
export async function fetchGroup(id: string): Promise<GroupDetail> {
  const group = await ask<GroupDetail>('GET', `/api/groups/${encodeURIComponent(id)}`);
  storage.set(groupKey(id), JSON.stringify(group));
  return group;
}

export const keptGroup = (id: string) => kept<GroupDetail>(groupKey(id));

/** Forgets what the device kept of a group (left, removed or deleted). */
export function forgetGroup(id: string): void {
  storage.remove(groupKey(id));
  const list = keptGroups();
  if (list) storage.set(LIST_KEY, JSON.stringify({ groups: list.groups.filter((g) => g.id !== id) }));
}

export const createGroup = (body: { name: string; description: string; kind: GroupKind; displayName: string }) =>
  apiRequest<GroupDetail>('POST', '/api/groups', body);

export const editGroup = (id: string, body: { name?: string; description?: string; kind?: GroupKind; reflections?: boolean }) =>
  apiRequest<GroupDetail>('PATCH', `/api/groups/${encodeURIComponent(id)}`, body);

export const deleteGroup = (id: string) => apiRequest<null>('DELETE', `/api/groups/${encodeURIComponent(id)}`);

export const leaveGroup = (id: string) => apiRequest<null>('POST', `/api/groups/${encodeURIComponent(id)}/leave`);

export const setNotices = (id: string, body: { newRequests?: NewRequests; digestAt?: string; muted?: boolean }) =>
  apiRequest<NoticeChoice>('PATCH', `/api/groups/${encodeURIComponent(id)}/notices`, body);

export const makeInvitation = (id: string, body: { days?: number; maxUses?: number | null }) =>
  apiRequest<GroupInvitation>('POST', `/api/groups/${encodeURIComponent(id)}/invitations`, body);

export const openInvitations = (id: string) => apiRequest<GroupInvitations>('GET', `/api/groups/${encodeURIComponent(id)}/invitations`, undefined, { noCache: true });

export const withdrawInvitation = (id: string, invitation: string) =>
  apiRequest<null>('DELETE', `/api/groups/${encodeURIComponent(id)}/invitations/${encodeURIComponent(invitation)}`);

export const setRole = (id: string, member: string, role: Exclude<Role, 'owner'>) =>
  apiRequest<GroupMember>('PATCH', `/api/groups/${encodeURIComponent(id)}/members/${encodeURIComponent(member)}`, { role });

export const removeMember = (id: string, member: string) =>
  apiRequest<null>('DELETE', `/api/groups/${encodeURIComponent(id)}/members/${encodeURIComponent(member)}`);

export const handOver = (id: string, memberId: string) => apiRequest<GroupDetail>('POST', `/api/groups/${encodeURIComponent(id)}/owner`, { memberId });

export const previewInvitation = (code: string) =>
  apiRequest<InvitationPreview>('GET', `/api/invitations/${encodeURIComponent(code)}`, undefined, { noCache: true });

export const joinGroup = (code: string, displayName: string) =>
  apiRequest<GroupDetail>('POST', `/api/invitations/${encodeURIComponent(code)}/join`, { displayName });

/** How a group's kind and a member's role are said. */
export const KIND_WORDS: Record<GroupKind, string> = { church: 'Church', small_group: 'Small group', family: 'Family' };
export const ROLE_WORDS: Record<Role, string> = { owner: 'Owner', leader: 'Leader', member: 'Member' };
