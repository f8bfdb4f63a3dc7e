// The sync wire format (mirrors sync-protocol/src/messages.rs; the golden
// vectors in sync-protocol/tests/vectors.json are checked against this file).

import type { Change, Cursor, OutboxEntry } from '../db/synced';

export const PROTOCOL_VERSION = 1;

/** A mutation is an outbox entry as sent. */
export type Mutation = OutboxEntry;

export interface PushRequest {
  protocolVersion: number;
  deviceId: string;
  mutations: Mutation[];
}

export interface PushResponse {
  ackedSeq: number;
  rejected: { seq: number; message: string }[];
  gap?: { expected: number; received: number };
}

export interface PullRequest {
  protocolVersion: number;
  deviceId: string;
  cursor: Cursor | null;
  limit: number;
}

export type ResetReason = 'epochChanged' | 'cursorTooOld' | 'clientTooOld' | 'serverTooOld';

export type PullResponse =
  | { changes: Change[]; cursor: Cursor; hasMore: boolean; ackedSeq: number }
  | { reset: ResetReason };

/** Builds a push request with the field order the server writes. */
export function pushRequest(deviceId: string, mutations: Mutation[]): PushRequest {
  return {
    protocolVersion: PROTOCOL_VERSION,
    deviceId,
    mutations: mutations.map(({ seq, table, id, op, fields, baseVersion }) =>
      baseVersion === undefined ? { seq, table, id, op, fields } : { seq, table, id, op, fields, baseVersion },
    ),
  };
}

export function pullRequest(deviceId: string, cursor: Cursor | null, limit = 500): PullRequest {
  return { protocolVersion: PROTOCOL_VERSION, deviceId, cursor, limit };
}

/** `dailyId('weight', '2026-11-22')` is `weight:2026-11-22`: one record per day. */
export function dailyId(kind: string, date: string): string {
  return `${kind}:${date}`;
}
