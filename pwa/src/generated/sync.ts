// Generated from the Rust types by `make types`: do not edit.
// The sync wire format (manna_sync_protocol::messages).

import type { Table } from './tables';
import type { Role } from './records';

/** Bumped whenever the wire format changes incompatibly. */
export const PROTOCOL_VERSION = 1 as const;

/** The record schema this app speaks: the tables and fields it knows. */
export const SCHEMA_VERSION = 6 as const;

export type Op = "put" | "patch" | "delete";

export type Mutation = { seq: number, table: Table, id: string, op: Op, fields: Record<string, unknown>, 
/**
 * The record version the user's view rested on when the change was made
 * (none for new records). While an earlier change to the same record is
 * still pending, that change's base is used: newer pulled versions were
 * hidden under it, so the user had not seen them.
 */
baseVersion?: number, };

export type PushRequest = { protocolVersion: number, 
/**
 * The record schema the app speaks (`crate::schema`); absent from apps
 * older than schema versions, which speak the first.
 */
schemaVersion?: number, deviceId: string, mutations: Array<Mutation>, };

export type Rejection = { seq: number, 
/**
 * `field: message`, for logs and older apps.
 */
message: string, 
/**
 * The field at fault (absent from servers that did not say).
 */
field?: string, };

export type Gap = { expected: number, received: number, };

export type PushResponse = { 
/**
 * Every mutation up to this sequence number is processed (applied or rejected).
 */
ackedSeq: number, 
/**
 * Mutations that were invalid: processed, never applied, never retried.
 */
rejected: Array<Rejection>, gap?: Gap, };

export type GroupCursor = { group: string, version: number, role: Role, 
/**
 * The member id the records were filtered for (a person who left and
 * joined again is a new member, and starts the group again).
 */
member: string, };

export type Cursor = { epoch: string, version: number, 
/**
 * Where the device is in each group's records, and the role it was
 * sent them as (absent until the person belongs to a group).
 */
groups?: Array<GroupCursor>, };

export type PullRequest = { protocolVersion: number, 
/**
 * As in [`PushRequest`]: the tables and fields the app is sent.
 */
schemaVersion?: number, deviceId: string, 
/**
 * None asks for a full snapshot.
 */
cursor: Cursor | null, limit: number, };

export type ChangeOp = "put" | "delete";

export type Change = { table: Table, id: string, op: ChangeOp, version: number, fields?: Record<string, unknown>, };

export type ResetReason = "epochChanged" | "cursorTooOld" | "clientTooOld" | "serverTooOld";

export type Incompatibility = "clientTooOld" | "serverTooOld";

export type PullResponse = { changes: Array<Change>, cursor: Cursor, hasMore: boolean, 
/**
 * The device's mutations processed so far. Their effects are all in the
 * changes once `hasMore` is false: only then may the device drop them
 * from its outbox overlay.
 */
ackedSeq: number, 
/**
 * Groups whose records the device must delete, all of them, before
 * applying the changes: the person left the group (or was removed,
 * or it was deleted), or their role changed and the group's records
 * follow again from a snapshot.
 */
forgetGroups?: Array<string>, } | { reset: ResetReason, };
