import {
  fullName,
  USER_PAGE_SIZE,
  makeAccountUserInputSchema,
  userFormMessages,
  userRoleSchema,
  type AccountUser,
  type AccountUserInput,
  type AccountUserSummary,
  type UserAuditEntry,
  type UserListQuery,
  type UserManagementContext,
  type UserRole,
} from '@portico/contracts';
import type { Db, Queryable } from '../../db/db.js';
import type { JobQueue } from '../../lib/jobs/job-queue.js';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  PreconditionFailedError,
  PreconditionRequiredError,
  parseForm,
} from '../../lib/errors.js';
import { canonicalTimeZone } from '../../lib/i18n/time-zones.js';
import { openInvitationMailStatus } from './invitations.repository.js';
import { toAuditEntry } from './user-audit.js';
import { learningRolesFor, levelHolderOf } from './user-options.js';
import { listAudit } from './user-audit.repository.js';
import { listUsers, listUsersWithTotal, type ListRow } from './user-list.repository.js';
import {
  listAccountProducts,
  listAdministrators,
  findAccount,
  findAdminCaller,
  findUser,
  listAccounts,
  productIdsOf,
  type AccountRow,
  type AdminCallerRow,
  type UserRow,
} from './user-management.repository.js';
import { versionOfEtag } from '../../lib/versioned.js';

export const noAccessMessage = 'You do not have access to user management.';
export const notFound = (id: string) =>
  new NotFoundError(`There is no user ${id} in this account.`);

export interface UserManagementDeps {
  db: Db;
  jobs: JobQueue;
  phonePattern: string;
}

export interface Admin {
  caller: AdminCallerRow;
  /** The account being administered (the caller's own, or the one an employee picked). */
  account: AccountRow;
}

export const toIso = (v: Date | string | null): string | null =>
  v === null ? null : new Date(v).toISOString();

export function roleOf(value: string): UserRole {
  const parsed = userRoleSchema.safeParse(value);
  return parsed.success ? parsed.data : 'read-only';
}

export function toSummary(row: ListRow): AccountUserSummary {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    username: row.username,
    role: roleOf(row.role),
    status: row.status,
    lastLoginAt: toIso(row.last_login_at),
  };
}

/** A user row's §3 form fields beside the names, e-mail and role, as the API names them. */
export function userFieldsOf(
  row: UserRow,
): Omit<AccountUserInput, 'firstName' | 'lastName' | 'email' | 'username' | 'role' | 'active'> {
  return {
    language: row.language,
    // Stored before issue 37 under an old name (Asia/Calcutta): answered by its current one.
    timeZone: canonicalTimeZone(row.time_zone),
    address: row.address,
    billingAddress: row.billing_address,
    shippingAddress: row.shipping_address,
    city: row.city,
    postalCode: row.postal_code,
    country: row.country,
    phone: row.phone,
    mobile: row.mobile,
    fax: row.fax,
    phoneExtension: row.phone_extension,
    hotlineCode: row.hotline_code,
    website: row.website,
    c4uRole:
      row.c4u_role === 'viewer' || row.c4u_role === 'editor' || row.c4u_role === 'owner'
        ? row.c4u_role
        : 'none',
    billingPlatformRole: row.billing_platform_role,
    learningRole: row.learning_role,
  };
}

export function toAccountUser(
  row: UserRow,
  account: AccountRow,
  productIds: readonly string[],
): AccountUser {
  return {
    ...toSummary(row),
    accountId: account.id,
    accountName: account.name,
    parentAccountName: account.parent_name,
    ...userFieldsOf(row),
    permissions: [...row.permissions],
    productIds: [...productIds],
    version: row.version,
  };
}

/**
 * Who may administer which account (ADR 0026): USERMANAGEMENT on the caller's own account;
 * a vendor employee with USERMANAGEMENT may pick any account. Everyone else: 403.
 */
export async function resolveAdmin(
  db: Queryable,
  callerId: string,
  accountId?: string,
  withUsage = false,
): Promise<Admin> {
  const caller = await findAdminCaller(db, callerId);
  if (!caller || caller.status !== 'Active' || !caller.permissions.includes('USERMANAGEMENT')) {
    throw new ForbiddenError(noAccessMessage);
  }
  const target = accountId ?? caller.account_id;
  if (target !== caller.account_id && !caller.unit4_employee) {
    throw new NotFoundError(`There is no account ${target}.`);
  }
  const account = await findAccount(db, target, false, withUsage);
  if (!account) throw new NotFoundError(`There is no account ${target}.`);
  return { caller, account };
}

/** The administered user with `id`, within the caller's reach; 404 otherwise (no IDOR). */
export async function reachableUser(
  db: Queryable,
  callerId: string,
  id: string,
  lockAccount = false,
): Promise<{ admin: Admin; user: UserRow }> {
  const caller = await findAdminCaller(db, callerId);
  if (!caller || caller.status !== 'Active' || !caller.permissions.includes('USERMANAGEMENT')) {
    throw new ForbiddenError(noAccessMessage);
  }
  const user = await findUser(db, id, caller.unit4_employee ? null : caller.account_id);
  if (!user) throw notFound(id);
  const account = await findAccount(db, user.account_id, lockAccount);
  if (!account) throw notFound(id);
  // Re-read under the account lock: another transaction may have changed the user meanwhile.
  const current = lockAccount ? await findUser(db, id, account.id) : user;
  if (!current) throw notFound(id);
  return { admin: { caller, account }, user: current };
}

export function contextOf(admin: Admin): UserManagementContext {
  return {
    accountId: admin.account.id,
    accountName: admin.account.name,
    parentAccountName: admin.account.parent_name,
    subscriptionLevel: admin.account.subscription_level,
    licenceCount: admin.account.licence_count,
    licencesUsed: admin.account.licences_used,
    canSwitchAccount: admin.caller.unit4_employee,
    timeZone: canonicalTimeZone(admin.account.time_zone),
  };
}

export async function administrableAccounts(db: Queryable, admin: Admin) {
  const accounts = admin.caller.unit4_employee ? await listAccounts(db) : [admin.account];
  return accounts.map((a) => ({ id: a.id, name: a.name, subscriptionLevel: a.subscription_level }));
}

export async function listAccountUsers(
  db: Queryable,
  admin: Admin,
  query: UserListQuery,
  pageSize = USER_PAGE_SIZE,
): Promise<{ items: AccountUserSummary[]; total: number }> {
  const { rows, total } = await listUsersWithTotal(
    db,
    admin.account.id,
    query,
    pageSize,
    (query.page - 1) * pageSize,
  );
  return { items: rows.map(toSummary), total };
}

/** Every matching user (the exports), at most `limit`. */
export async function allAccountUsers(
  db: Queryable,
  admin: Admin,
  query: UserListQuery,
  limit: number,
): Promise<AccountUserSummary[]> {
  return (await listUsers(db, admin.account.id, query, limit, 0)).map(toSummary);
}

export async function getAccountUser(db: Queryable, callerId: string, id: string) {
  const { admin, user } = await reachableUser(db, callerId, id);
  const accountUser = toAccountUser(user, admin.account, await productIdsOf(db, user.id));
  // A Pending user's invitation mail: queued, sent, or refused by the mail server (ADR 0053).
  const invitationMail =
    user.status === 'Pending' ? await openInvitationMailStatus(db, user.id) : undefined;
  return invitationMail ? { ...accountUser, invitationMail } : accountUser;
}

/**
 * The version If-Match names, or undefined when it names none we could match (a weak `W/`
 * tag: RFC 9110 compares If-Match strongly; `*`; anything malformed). Absent is a 428 at
 * once; the 412 is the caller's to throw *after* the user was found, so a user of another
 * account is a 404 whatever the header says (checkVersion).
 */
export function versionFromIfMatch(header: string | undefined): number | undefined {
  if (header === undefined || header.trim() === '') {
    throw new PreconditionRequiredError(
      'This change needs an If-Match header with the ETag of the user you read.',
    );
  }
  return versionOfEtag(header);
}

/** 412 unless If-Match named exactly the version of the user found. */
export function checkVersion(user: { version: number }, version: number | undefined): number {
  if (version === undefined || user.version !== version) {
    throw new PreconditionFailedError(userFormMessages.conflict);
  }
  return version;
}

/** zod issues → the §5 headline and one message per field. */
export function parseInput(body: unknown, phonePattern: string): AccountUserInput {
  return parseForm(makeAccountUserInputSchema(phonePattern), body, userFormMessages.invalidData);
}

export function fieldError(status: 'conflict' | 'bad', field: string, message: string) {
  const error = status === 'conflict' ? new ConflictError(message) : new BadRequestError(message);
  return error.withFieldErrors({ [field]: message });
}

/** How the audit names the administrator who acted. */
export const actorName = (caller: AdminCallerRow) => `${caller.last_name}, ${caller.first_name}`;

/** The account's products, for the form's product choice (§3 connectedProducts). */
export async function accountProducts(db: Queryable, admin: Admin) {
  return (await listAccountProducts(db, admin.account.id)).map((r) => ({
    id: r.id,
    contentId: r.content_id,
    productName: r.product_name,
    slug: r.slug,
  }));
}

/** The learning roles the edited user (or a new user of the account) may be given (§6). */
export async function learningRolesOfEdited(db: Queryable, admin: Admin, userId?: string) {
  const user = userId === undefined ? null : await findUser(db, userId, admin.account.id);
  // Another account's user is no user of this one (the IDOR rule: 404).
  if (user === undefined) throw new NotFoundError('This user does not exist in this account.');
  return learningRolesFor(levelHolderOf(user, admin.account));
}

/** The account's administrators (the users with USERMANAGEMENT), by name. */
export async function administratorsOf(db: Queryable, admin: Admin) {
  return (await listAdministrators(db, admin.account.id)).map((r) => ({
    id: r.id,
    fullName: fullName({ firstName: r.first_name, lastName: r.last_name }),
    email: r.email,
  }));
}

/** The user's audit trail (§3): who changed what and when, within the caller's reach. */
export async function accountUserAudit(
  db: Queryable,
  callerId: string,
  id: string,
): Promise<UserAuditEntry[]> {
  const user = await getAccountUser(db, callerId, id);
  return (await listAudit(db, user.id, user.accountId)).map(toAuditEntry);
}
