import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { resolveLanguage } from '@portico/locales';
import {
  GRANTED_PERMISSIONS,
  ROLE_MANAGED_PERMISSIONS,
  ROLE_PERMISSIONS,
  USER_PAGE_SIZE,
  makeAccountUserInputSchema,
  makeOwnProfileInputSchema,
  userFormMessages,
  userRoleSchema,
  type AccountUser,
  type AccountUserInput,
  type AccountUserSummary,
  type UserListQuery,
  type UserManagementContext,
  type UserRole,
  type UserStatus,
} from '@portico/contracts';
import type { Db, Queryable } from '../../db/db.js';
import { formatDateTime } from '../../lib/i18n/format.js';
import { textsFor } from '../../lib/i18n/translate.js';
import type { JobQueue } from '../../lib/jobs/job-queue.js';
import { isPermanentMailError, mailFailureOf, type Mailer } from '../../lib/mail/mailer.js';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  PreconditionFailedError,
  PreconditionRequiredError,
} from '../../lib/errors.js';
import {
  findInvitationToSend,
  insertInvitation,
  markInvitationMailFailed,
  markInvitationSent,
  openInvitationMailStatus,
  revokeInvitations,
  setInvitationToken,
} from './invitations.repository.js';
import './invitation.texts.js';
import {
  billingPlatformRoles,
  learningRolesFor,
  levelHolderOf,
  mayGiveRole,
} from './user-options.js';
import {
  countActiveAdministrators,
  deleteProviderState,
  deleteUser,
  emailTaken,
  findAccount,
  findAdminCaller,
  findUser,
  insertAudit,
  insertUser,
  listAccountProducts,
  listAccounts,
  listUsers,
  listUsersWithTotal,
  pointManagerTaken,
  productIdsOf,
  setUserProducts,
  updateUser,
  usernameTaken,
  type AccountRow,
  type AdminCallerRow,
  type ListRow,
  type UserRow,
  type UserWrite,
} from './user-management.repository.js';

export const INVITATION_VALID_DAYS = 7;
export const USER_INVITATION_JOB = 'users.invitation';
export const noAccessMessage = 'You do not have access to user management.';
const notFound = (id: string) => new NotFoundError(`There is no user ${id} in this account.`);

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

const toIso = (v: Date | string | null): string | null =>
  v === null ? null : new Date(v).toISOString();

function roleOf(value: string): UserRole {
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
    language: row.language,
    timeZone: row.time_zone,
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
async function reachableUser(
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

/** ETag of a user at a version; If-Match must name it. */
export const etagOf = (version: number): string => `"v${version}"`;

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
  const match = /^"v([0-9]{1,9})"$/.exec(header.trim());
  return match ? Number(match[1]) : undefined;
}

/** 412 unless If-Match named exactly the version of the user found. */
function checkVersion(user: { version: number }, version: number | undefined): number {
  if (version === undefined || user.version !== version) {
    throw new PreconditionFailedError(userFormMessages.conflict);
  }
  return version;
}

/** zod issues → the §5 headline and one message per field. */
export function parseInput(body: unknown, phonePattern: string): AccountUserInput {
  const parsed = makeAccountUserInputSchema(phonePattern).safeParse(body);
  if (parsed.success) return parsed.data;
  const fieldErrors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'form');
    fieldErrors[field] ??= issue.message;
  }
  throw new BadRequestError(userFormMessages.invalidData).withFieldErrors(fieldErrors);
}

function fieldError(status: 'conflict' | 'bad', field: string, message: string) {
  const error = status === 'conflict' ? new ConflictError(message) : new BadRequestError(message);
  return error.withFieldErrors({ [field]: message });
}

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

function writeOf(input: AccountUserInput, status: UserStatus, permissions: string[]): UserWrite {
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

const auditedFields: readonly (keyof UserWrite)[] = [
  'email',
  'first_name',
  'last_name',
  'username',
  'language',
  'time_zone',
  'address',
  'billing_address',
  'shipping_address',
  'city',
  'postal_code',
  'country',
  'phone',
  'mobile',
  'fax',
  'phone_extension',
  'hotline_code',
  'website',
  'role',
  'c4u_role',
  'billing_platform_role',
  'learning_role',
  'status',
];

function diff(before: Partial<UserWrite>, after: UserWrite) {
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

const actorName = (caller: AdminCallerRow) => `${caller.last_name}, ${caller.first_name}`;

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

async function enqueueInvitation(
  deps: UserManagementDeps,
  tx: Queryable,
  userId: string,
  createdBy: string,
): Promise<void> {
  const invitationId = randomUUID();
  await insertInvitation(tx, {
    id: invitationId,
    userId,
    createdBy,
    validDays: INVITATION_VALID_DAYS,
  });
  await deps.jobs.enqueue(USER_INVITATION_JOB, { invitationId }, { tx });
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

function pickWrite(row: UserRow): Partial<UserWrite> {
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

/** Resend (a new link; the old one stops working) or revoke the invitation of a Pending user. */
export async function changeInvitation(
  deps: UserManagementDeps,
  callerId: string,
  id: string,
  action: 'resend' | 'revoke',
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const { admin, user } = await reachableUser(tx, callerId, id);
    if (user.status !== 'Pending') {
      throw new ConflictError('Only a pending user has an invitation.');
    }
    const revoked = await revokeInvitations(tx, user.id);
    if (action === 'resend') await enqueueInvitation(deps, tx, user.id, admin.caller.id);
    else if (revoked === 0) throw new ConflictError('This user has no open invitation.');
    await insertAudit(tx, {
      userId: user.id,
      accountId: admin.account.id,
      actorId: admin.caller.id,
      actorName: actorName(admin.caller),
      action: action === 'resend' ? 'invited' : 'invitation-revoked',
      changes: {},
    });
  });
}

export const hashToken = (token: string): string =>
  createHash('sha256').update(token).digest('hex');

export interface InvitationMailOptions {
  publicUrl: string;
  /** An external identity provider signs people in: no password to set (ADR 0029). */
  externalIdp: boolean;
}

/** The invitation job: a fresh one-time token (only its hash is stored), then the mail. */
export function defineInvitationJob(
  deps: { db: Db; jobs: JobQueue; mailer: Mailer },
  options: InvitationMailOptions,
): void {
  deps.jobs.define<{ invitationId: string }>({
    name: USER_INVITATION_JOB,
    parse: (data) => {
      const id = (data as { invitationId?: unknown }).invitationId;
      if (typeof id !== 'string') throw new Error('invitation job without an invitation id');
      return { invitationId: id };
    },
    handle: async ({ invitationId }, attempt) => {
      const invitation = await findInvitationToSend(deps.db, invitationId);
      if (!invitation) return; // revoked, accepted or expired meanwhile: nothing to send
      const token = randomBytes(32).toString('base64url');
      await setInvitationToken(deps.db, invitation.id, hashToken(token));
      // In the invited user's profile language and time zone (issue 16).
      const language = resolveLanguage(invitation.language);
      const t = await textsFor(deps.db, language);
      const expires = formatDateTime(
        new Date(invitation.expires_at),
        language,
        invitation.time_zone,
      );
      const link = options.externalIdp
        ? `${options.publicUrl}/`
        : `${options.publicUrl}/invitation/${token}`;
      const action = options.externalIdp
        ? t('mail.invitation.external', { link })
        : `${t('mail.invitation.set-password', { expires })}\n${link}`;
      const account = invitation.account_name;
      const message = {
        to: invitation.email,
        subject: t('mail.invitation.subject', { account }),
        text: [
          t('mail.invitation.greeting', { name: invitation.first_name }),
          '',
          t('mail.invitation.invited', { account }),
          '',
          action,
          '',
          t('mail.invitation.ignore'),
          '',
        ].join('\n'),
      };
      try {
        await deps.mailer.send(message);
      } catch (error) {
        // Passing trouble (server down, 4xx) is retried with back-off by the queue; a refusal
        // for good, or the last retry failing, is recorded for the administrator (ADR 0053).
        const permanent = isPermanentMailError(error);
        if (permanent || attempt.last) {
          await markInvitationMailFailed(deps.db, invitation.id, mailFailureOf(error));
        }
        if (permanent) return;
        throw error;
      }
      await markInvitationSent(deps.db, invitation.id);
    },
  });
}

/** PUT /api/users/me with If-Match: the caller's own fields (no roles, status or e-mail). */
export async function updateOwnProfile(
  deps: UserManagementDeps,
  callerId: string,
  ifMatch: string | undefined,
  body: unknown,
): Promise<number> {
  const parsed = makeOwnProfileInputSchema(deps.phonePattern).safeParse(body);
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues)
      fieldErrors[String(issue.path[0] ?? 'form')] ??= issue.message;
    throw new BadRequestError(userFormMessages.invalidData).withFieldErrors(fieldErrors);
  }
  const ifMatchVersion = versionFromIfMatch(ifMatch);
  return deps.db.transaction(async (tx) => {
    const user = await findUser(tx, callerId, null);
    if (!user) throw new NotFoundError('Your user profile was not found.');
    const version = checkVersion(user, ifMatchVersion);
    const input = { ...inputOfRow(user), ...parsed.data };
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
    language: row.language,
    timeZone: row.time_zone,
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
    role: roleOf(row.role),
    c4uRole:
      row.c4u_role === 'viewer' || row.c4u_role === 'editor' || row.c4u_role === 'owner'
        ? row.c4u_role
        : 'none',
    billingPlatformRole: row.billing_platform_role,
    learningRole: row.learning_role,
    active: row.status === 'Active',
  };
}

export async function ownVersion(db: Queryable, callerId: string): Promise<number | undefined> {
  return (await findUser(db, callerId, null))?.version;
}
