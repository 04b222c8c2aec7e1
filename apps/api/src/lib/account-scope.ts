import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/db.js';
import { callerIdOf } from './caller.js';
import {
  accountExists,
  findAccountCaller,
  findAccountName,
  partnerServesAccount,
} from './accounts.repository.js';
import { NotFoundError, UnauthorizedError } from './errors.js';

/** What account-scoped areas (cloud, invoices) need to know about the caller. */
export interface AccountCaller {
  userId: string;
  accountId: string;
  /** Vendor employees (§3 unit4Employee) may look at any account; partners at those they serve. */
  employee: boolean;
  permissions: readonly string[];
  /** The profile language: files made for the caller follow it (issue 27). */
  language: string;
  /** The profile time zone: the times in those files are in it (issue 37). */
  timeZone: string;
}

export async function accountCallerOf(
  db: Queryable,
  request: FastifyRequest,
): Promise<AccountCaller> {
  const userId = callerIdOf(request);
  const row = await findAccountCaller(db, userId);
  // A valid token for a user who no longer exists: treat it as no session at all.
  if (!row) throw new UnauthorizedError('Your user account no longer exists.');
  return {
    userId,
    accountId: row.account_id,
    employee: row.unit4_employee,
    permissions: row.permissions,
    language: row.language,
    timeZone: row.time_zone,
  };
}

/** §3: a partner's users hold PARTNER; their account serves customer accounts (§7). */
const PARTNER_PERMISSION = 'PARTNER';

/**
 * Whether the caller may look at an account's cloud services and invoices (ADR 0023, 0070):
 * their own; any for a vendor employee; for a partner, the customer accounts their partner
 * account serves (the links `GET /api/partner/accounts` lists).
 */
export async function mayViewAccount(
  db: Queryable,
  caller: AccountCaller,
  accountId: string,
): Promise<boolean> {
  if (accountId === caller.accountId) return true;
  if (caller.employee) return accountExists(db, accountId);
  if (!caller.permissions.includes(PARTNER_PERMISSION)) return false;
  return partnerServesAccount(db, caller.accountId, accountId);
}

/** Whether the caller is a partner's user (serves customer accounts). */
export const isPartner = (caller: AccountCaller): boolean =>
  !caller.employee && caller.permissions.includes(PARTNER_PERMISSION);

/**
 * The account a call works on: the caller's own unless they name another they may see.
 * Anyone naming an account they may not see gets the same 404 as for an account that does
 * not exist, so ids of other accounts reveal nothing (docs/decisions/0023, 0070).
 */
export async function scopedAccountId(
  db: Queryable,
  caller: AccountCaller,
  requested: string | undefined,
): Promise<string> {
  if (requested === undefined || requested === caller.accountId) return caller.accountId;
  if (!(await mayViewAccount(db, caller, requested)))
    throw new NotFoundError(`There is no account ${requested}.`);
  return requested;
}

/** An account's name, if it exists. */
export function accountName(db: Queryable, accountId: string): Promise<string | undefined> {
  return findAccountName(db, accountId);
}
