import { diff, pickWrite, writeOf } from './user-writes.service.js';
import {
  makeOwnProfileInputSchema,
  userFormMessages,
  type AccountUserInput,
} from '@portico/contracts';
import type { Db, Queryable } from '../../db/db.js';
import { deleteProviderState, revokeTokens } from './token-state.repository.js';
import { NotFoundError, PreconditionFailedError, parseForm } from '../../lib/errors.js';
import { insertAudit } from './user-audit.repository.js';
import { findUser, type UserRow } from './user-management.repository.js';
import { updateUser } from './user-writes.repository.js';
import {
  checkVersion,
  roleOf,
  userFieldsOf,
  versionFromIfMatch,
  type UserManagementDeps,
} from './user-management.service.js';

// A user's own profile (My settings, §2): what they may change of themselves. The users row
// and its change history are user management's, so the write lives here; modules/my-settings
// serves it through this module's index.

/** PUT /api/users/me with If-Match: the caller's own fields (no roles, status or e-mail). */
export async function updateOwnProfile(
  deps: UserManagementDeps,
  callerId: string,
  ifMatch: string | undefined,
  body: unknown,
): Promise<number> {
  const parsed = parseForm(
    makeOwnProfileInputSchema(deps.phonePattern),
    body,
    userFormMessages.invalidData,
  );
  const ifMatchVersion = versionFromIfMatch(ifMatch);
  return deps.db.transaction(async (tx) => {
    const user = await findUser(tx, callerId, null);
    if (!user) throw new NotFoundError('Your user profile was not found.');
    const version = checkVersion(user, ifMatchVersion);
    const input = { ...inputOfRow(user), ...parsed };
    const write = writeOf(input, user.status, user.permissions);
    const row = await updateUser(tx, user.id, user.account_id, version, write);
    if (!row) throw new PreconditionFailedError(userFormMessages.conflict);
    await insertAudit(tx, {
      userId: user.id,
      accountId: user.account_id,
      actorId: user.id,
      actorName: `${user.last_name}, ${user.first_name}`,
      action: 'updated',
      changes: diff(pickWrite(user), write),
    });
    return row.version;
  });
}

function inputOfRow(row: UserRow): AccountUserInput {
  return {
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    username: row.username,
    ...userFieldsOf(row),
    role: roleOf(row.role),
    active: row.status === 'Active',
  };
}

export async function ownVersion(db: Queryable, callerId: string): Promise<number | undefined> {
  return (await findUser(db, callerId, null))?.version;
}

/**
 * Sign out everywhere (ADR 0027): every token of the user issued until now stops working and
 * the embedded provider's sessions and grants of the user are deleted. False: no such user.
 */
export async function signOutEverywhere(db: Db, userId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await revokeTokens(tx, userId))) return false;
    await deleteProviderState(tx, userId);
    return true;
  });
}
