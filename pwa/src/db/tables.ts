// The synced tables as the app sorts them: a person's own, and those a group
// shares (their records belong to the group, reach its members, and are never
// part of one person's export). Both lists come from the Rust ones.

import { SHARED_TABLES, TABLE_VALUES, type Table } from '../generated/tables';

export type SharedTable = (typeof SHARED_TABLES)[number];
export type OwnTable = Exclude<Table, SharedTable>;

export const isShared = (t: Table): t is SharedTable => (SHARED_TABLES as readonly string[]).includes(t);

export const OWN_TABLES: OwnTable[] = TABLE_VALUES.filter((t): t is OwnTable => !isShared(t));
