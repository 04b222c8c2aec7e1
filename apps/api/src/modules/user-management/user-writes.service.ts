import { randomUUID } from 'node:crypto';
import {
  GRANTED_PERMISSIONS,
  ROLE_MANAGED_PERMISSIONS,
  ROLE_PERMISSIONS,
  userFormMessages,
  type AccountUser,
  type AccountUserInput,
  type UserStatus,
} from '@portico/contracts';
import type { Queryable } from '../../db/db.js';
import { ConflictError, NotFoundError, PreconditionFailedError } from '../../lib/errors.js';
import {
  billingPlatformRoles,
  learningRolesFor,
  levelHolderOf,
  mayGiveRole,
} from './user-options.js';
import { deleteProviderState } from './token-state.repository.js';
import { insertAudit } from './user-audit.repository.js';
import {
  findAccount,
  listAccountProducts,
  productIdsOf,
  setUserProducts,
  type UserRow,
} from './user-management.repository.js';
import {
  countActiveAdministrators,
  deleteUser,
  emailTaken,
  insertUser,
  pointManagerTaken,
  updateUser,
  usernameTaken,
  writeColumns,
  type UserWrite,
} from './user-writes.repository.js';
import {
  reachableUser,
  checkVersion,
  fieldError,
  actorName,
  toAccountUser,
  parseInput,
  resolveAdmin,
  versionFromIfMatch,
  type UserManagementDeps,
  type Admin,
} from './user-management.service.js';
import { enqueueInvitation } from './invitations.service.js';

// Creating, changing and deleting an account's users (§3, §5, §6), with their audit.

/** What a user is given: every permission and the products they are connected to. */
interface Access {
  permissions: string[];
  productIds: string[];
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');

/**
 * The user's permissions and products after this form (ADR 0056): the role's permissions,
 * then those given beside it, then the products. An administrator gives only what they hold
 * (a role whose permissions they all hold; a permission they hold) and only the account's
 * products. What the user already has stays: a permission the administrator does not hold is
 * neither given nor taken away by them, and an unchanged role is kept. A field left out of
 * the form keeps its value (none for a new user).
 */
async function accessOf(
  tx: Queryable,
  admin: Admin,
  input: AccountUserInput,
  existing: UserRow | null,
): Promise<Access> {
  const caller = admin.caller;
  if (existing?.role !== input.role && !mayGiveRole(caller, input.role)) {
    throw fieldError('bad', 'role', userFormMessages.roleNotGrantable);
  }
  const had = (existing?.permissions ?? []).filter((p) => !ROLE_MANAGED_PERMISSIONS.includes(p));
  let extra = had;
  if (input.permissions !== undefined) {
    const asked = [...new Set(input.permissions)].filter(
      (p) => !ROLE_MANAGED_PERMISSIONS.includes(p),
    );
    const refused = asked.filter(
      (p) =>
        !had.includes(p) &&
        !(GRANTED_PERMISSIONS.some((g) => g === p) && caller.permissions.includes(p)),
    );
    if (refused.length > 0) {
      throw fieldError('bad', 'permissions', userFormMessages.permissionNotGrantable);
    }
    // Those the caller may not give stay as they were.
    extra = [...asked, ...had.filter((p) => !caller.permissions.includes(p) && !asked.includes(p))];
  }
  const permissions = [...ROLE_PERMISSIONS[input.role], ...extra];
  const current = existing ? await productIdsOf(tx, existing.id) : [];
  if (input.productIds === undefined) return { permissions, productIds: current };
  const productIds = [...new Set(input.productIds)].sort();
  const offered = new Set((await listAccountProducts(tx, admin.account.id)).map((p) => p.id));
  if (productIds.some((id) => !offered.has(id) && !current.includes(id))) {
    throw fieldError('bad', 'productIds', userFormMessages.productNotOffered);
  }
  return { permissions, productIds };
}

export function writeOf(
  input: AccountUserInput,
  status: UserStatus,
  permissions: string[],
): UserWrite {
  return {
    email: input.email,
    first_name: input.firstName,
    last_name: input.lastName,
    username: input.username,
    language: input.language,
    time_zone: input.timeZone,
    address: input.address,
    billing_address: input.billingAddress,
    shipping_address: input.shippingAddress,
    city: input.city,
    postal_code: input.postalCode,
    country: input.country,
    phone: input.phone,
    mobile: input.mobile,
    fax: input.fax,
    phone_extension: input.phoneExtension,
    hotline_code: input.hotlineCode,
    website: input.website,
    role: input.role,
    c4u_role: input.c4uRole,
    billing_platform_role: input.billingPlatformRole,
    learning_role: input.learningRole,
    status,
    permissions,
  };
}

/** What the change history records of a write: every column but the permissions (accessChanges). */
const auditedFields = writeColumns.filter((column) => column !== 'permissions');

export function diff(before: Partial<UserWrite>, after: UserWrite) {
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  for (const field of auditedFields) {
    if (before[field] !== after[field]) {
      changes[field] = { before: before[field] ?? null, after: after[field] };
    }
  }
  return changes;
}

/** The audit entry's permission and product changes (lists compared as sets). */
function accessChanges(before: Access | null, after: Access) {
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  for (const field of ['permissions', 'productIds'] as const) {
    const was = before?.[field] ?? [];
    if (!sameSet(was, after[field])) changes[field] = { before: was, after: after[field] };
  }
  return changes;
}

/**
 * The §5 rules that need the database, checked in the writing transaction under the account
 * lock (so two administrators cannot both take the last licence or the point-manager role).
 */
async function checkRules(
  tx: Queryable,
  admin: Admin,
  input: AccountUserInput,
  next: UserStatus,
  existing: UserRow | null,
): Promise<void> {
  const exceptId = existing?.id ?? null;
  if (await emailTaken(tx, input.email, exceptId)) {
    throw fieldError('conflict', 'email', userFormMessages.emailExists);
  }
  if (await usernameTaken(tx, input.username, exceptId)) {
    throw fieldError('conflict', 'username', userFormMessages.usernameExists);
  }
  if (input.role === 'point-manager' && (await pointManagerTaken(tx, admin.account.id, exceptId))) {
    throw fieldError('conflict', 'role', userFormMessages.pointManager);
  }
  // Only the roles the form offers: any other string would be stored and sent on as a role.
  if (
    input.billingPlatformRole !== '' &&
    !billingPlatformRoles.some((r) => r.id === input.billingPlatformRole)
  ) {
    throw fieldError('bad', 'billingPlatformRole', userFormMessages.billingPlatformRoleNotOffered);
  }
  const offered = learningRolesFor(levelHolderOf(existing, admin.account));
  if (input.learningRole !== '' && !offered.some((r) => r.id === input.learningRole)) {
    // Unchanged values stay (an account's level may change after the role was given).
    if (existing?.learning_role !== input.learningRole) {
      throw fieldError('bad', 'learningRole', userFormMessages.learningRoleNotOffered);
    }
  }
  const usesLicence = next !== 'Inactive';
  const usedLicence = existing !== null && existing.status !== 'Inactive';
  if (
    usesLicence &&
    !usedLicence &&
    admin.account.licences_used + 1 > admin.account.licence_count
  ) {
    throw new ConflictError(userFormMessages.licencesExceeded);
  }
  if (existing && existing.id === admin.caller.id) {
    if (next !== 'Active') throw fieldError('conflict', 'active', userFormMessages.selfDeactivate);
    if (!ROLE_PERMISSIONS[input.role].includes('USERMANAGEMENT')) {
      throw fieldError('conflict', 'role', userFormMessages.selfDemote);
    }
  }
  const wasAdmin =
    existing !== null &&
    existing.status === 'Active' &&
    existing.permissions.includes('USERMANAGEMENT');
  const staysAdmin = next === 'Active' && ROLE_PERMISSIONS[input.role].includes('USERMANAGEMENT');
  if (
    wasAdmin &&
    !staysAdmin &&
    (await countActiveAdministrators(tx, admin.account.id, existing.id)) === 0
  ) {
    throw fieldError(
      'conflict',
      next === 'Active' ? 'role' : 'active',
      userFormMessages.lastAdministrator,
    );
  }
}

/** Unique-index races that slipped past the checks become the same field messages. */
function translateUniqueViolation(error: unknown): never {
  const e = error as { code?: string; constraint?: string; message?: string };
  if (e.code === '23505') {
    const name = `${e.constraint ?? ''} ${e.message ?? ''}`;
    if (name.includes('users_email_key'))
      throw fieldError('conflict', 'email', userFormMessages.emailExists);
    if (name.includes('users_point_manager_key'))
      throw fieldError('conflict', 'role', userFormMessages.pointManager);
    if (name.includes('users_username_key')) {
      throw fieldError('conflict', 'username', userFormMessages.usernameExists);
    }
  }
  throw error;
}

/** POST /api/users: a Pending user and an invitation, in one transaction with its job. */
export async function createAccountUser(
  deps: UserManagementDeps,
  callerId: string,
  accountId: string | undefined,
  body: unknown,
): Promise<AccountUser> {
  const input = parseInput(body, deps.phonePattern);
  try {
    return await deps.db.transaction(async (tx) => {
      const { caller } = await resolveAdmin(tx, callerId, accountId);
      const account = await findAccount(tx, accountId ?? caller.account_id, true);
      if (!account) throw new NotFoundError('There is no such account.');
      const admin = { caller, account };
      await checkRules(tx, admin, input, 'Pending', null);
      const access = await accessOf(tx, admin, input, null);
      const write = writeOf(input, 'Pending', access.permissions);
      const row = await insertUser(tx, {
        ...write,
        id: `u-${randomUUID()}`,
        account_id: account.id,
        unit4_employee: account.vendor,
        subscription_level: account.subscription_level,
      });
      await setUserProducts(tx, row.id, access.productIds);
      await insertAudit(tx, {
        userId: row.id,
        accountId: account.id,
        actorId: caller.id,
        actorName: actorName(caller),
        action: 'created',
        changes: { ...diff({}, write), ...accessChanges(null, access) },
      });
      await enqueueInvitation(deps, tx, row.id, caller.id);
      return toAccountUser(row, account, access.productIds);
    });
  } catch (error) {
    return translateUniqueViolation(error);
  }
}

/** PUT /api/users/{id} with If-Match. */
export async function updateAccountUser(
  deps: UserManagementDeps,
  callerId: string,
  id: string,
  ifMatch: string | undefined,
  body: unknown,
): Promise<AccountUser> {
  const input = parseInput(body, deps.phonePattern);
  const ifMatchVersion = versionFromIfMatch(ifMatch);
  try {
    return await deps.db.transaction(async (tx) => {
      const { admin, user } = await reachableUser(tx, callerId, id, true);
      const version = checkVersion(user, ifMatchVersion);
      const next: UserStatus =
        user.status === 'Pending' ? 'Pending' : input.active ? 'Active' : 'Inactive';
      await checkRules(tx, admin, input, next, user);
      const before = { permissions: user.permissions, productIds: await productIdsOf(tx, user.id) };
      const access = await accessOf(tx, admin, input, user);
      const write = writeOf(input, next, access.permissions);
      const row = await updateUser(tx, user.id, admin.account.id, version, write);
      if (!row) throw new PreconditionFailedError(userFormMessages.conflict);
      if (next === 'Inactive' && user.status !== 'Inactive') await deleteProviderState(tx, user.id);
      if (!sameSet(before.productIds, access.productIds)) {
        await setUserProducts(tx, user.id, access.productIds);
      }
      const changes = { ...diff(pickWrite(user), write), ...accessChanges(before, access) };
      await insertAudit(tx, {
        userId: user.id,
        accountId: admin.account.id,
        actorId: admin.caller.id,
        actorName: actorName(admin.caller),
        action: 'updated',
        changes,
      });
      return toAccountUser(row, admin.account, access.productIds);
    });
  } catch (error) {
    return translateUniqueViolation(error);
  }
}

export function pickWrite(row: UserRow): Partial<UserWrite> {
  const out: Partial<Record<keyof UserWrite, unknown>> = {};
  for (const field of auditedFields) out[field] = row[field];
  return out as Partial<UserWrite>;
}

/** DELETE /api/users/{id} with If-Match: the user, their tokens and grants are gone. */
export async function deleteAccountUser(
  deps: UserManagementDeps,
  callerId: string,
  id: string,
  ifMatch: string | undefined,
): Promise<void> {
  const ifMatchVersion = versionFromIfMatch(ifMatch);
  await deps.db.transaction(async (tx) => {
    const { admin, user } = await reachableUser(tx, callerId, id, true);
    const version = checkVersion(user, ifMatchVersion);
    if (user.id === admin.caller.id) throw new ConflictError(userFormMessages.selfDelete);
    if (
      user.status === 'Active' &&
      user.permissions.includes('USERMANAGEMENT') &&
      (await countActiveAdministrators(tx, admin.account.id, user.id)) === 0
    ) {
      throw new ConflictError(userFormMessages.lastAdministrator);
    }
    await deleteProviderState(tx, user.id);
    if (!(await deleteUser(tx, user.id, admin.account.id, version))) {
      throw new PreconditionFailedError(userFormMessages.conflict);
    }
    await insertAudit(tx, {
      userId: user.id,
      accountId: admin.account.id,
      actorId: admin.caller.id,
      actorName: actorName(admin.caller),
      action: 'deleted',
      changes: { status: { before: user.status, after: 'Deleted' } },
    });
  });
}
