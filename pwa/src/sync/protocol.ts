// Builds the sync messages (the types are generated from
// sync-protocol/src/messages.rs; the golden vectors in
// sync-protocol/tests/vectors.json are checked against what these write).
// Each carries the record schema this app speaks, so the server sends it only
// the tables and fields it knows.

import { PROTOCOL_VERSION, SCHEMA_VERSION, type Cursor, type Mutation, type PullRequest, type PushRequest } from '../generated/sync';

export type { Mutation };
export type { PullResponse, PushResponse, ResetReason } from '../generated/sync';

/** Builds a push request with the field order the server writes. */
export function pushRequest(deviceId: string, mutations: Mutation[]): PushRequest {
  return {
    protocolVersion: PROTOCOL_VERSION,
    schemaVersion: SCHEMA_VERSION,
    deviceId,
    mutations: mutations.map(({ seq, table, id, op, fields, baseVersion }) =>
      baseVersion === undefined ? { seq, table, id, op, fields } : { seq, table, id, op, fields, baseVersion },
    ),
  };
}

export function pullRequest(deviceId: string, cursor: Cursor | null, limit = 500): PullRequest {
  return { protocolVersion: PROTOCOL_VERSION, schemaVersion: SCHEMA_VERSION, deviceId, cursor, limit };
}
