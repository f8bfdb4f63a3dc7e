// The only door to manna-core's groups module: the rules of what a group
// shares (a shared record's check, who may write what, where a request
// stands, an invitation code's shape). Loaded by the groups' pages and by a
// save of a group's record, once, and memoised.

import { lazyModule } from './lazy';
import type { FieldError, Role } from '../generated/records';
import type * as Pkg from './pkg/manna_groups.js';

type Fields = Record<string, unknown>;

export interface Groups {
  validateShared(table: string, id: string, fields: Fields): FieldError | undefined;
  judgeWrite(
    table: string,
    role: Role | null,
    me: string | null,
    before: Fields | null,
    after: Fields | null,
    parent: Fields | null,
    reflectionsOn: boolean,
  ): FieldError | undefined;
  requestState(renewedOn: string, answeredOn: string | null, today: string): 'open' | 'older' | 'answered';
  isInvitationCode(code: string): boolean;
}

function wrap(pkg: typeof Pkg): Groups {
  return {
    validateShared: (table, id, fields) => pkg.validateShared(table, id, fields) as FieldError | undefined,
    judgeWrite: (table, role, me, before, after, parent, reflectionsOn) =>
      pkg.judgeWrite(table, role ?? undefined, me ?? undefined, before ?? undefined, after ?? undefined, parent ?? undefined, reflectionsOn) as
        | FieldError
        | undefined,
    requestState: (renewedOn, answeredOn, today) => pkg.requestState(renewedOn, answeredOn ?? undefined, today) as 'open' | 'older' | 'answered',
    isInvitationCode: (code) => pkg.isInvitationCode(code),
  };
}

const wasm = lazyModule(() => import('./pkg/manna_groups.js'), wrap);

/** The module, loaded once. */
export function loadGroups(): Promise<Groups> {
  return wasm.load();
}

/** For tests: the module initialised synchronously from its bytes. */
export function groupsFromBytes(bytes: BufferSource): Promise<Groups> {
  return wasm.fromBytes(bytes);
}
