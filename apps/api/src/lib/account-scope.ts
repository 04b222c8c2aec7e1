import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/db.js';
import { callerIdOf } from './caller.js';
import {
  accountExists,
  findAccountCaller,
  findAccountName,
  listAccounts,
} from './accounts.repository.js';
import { NotFoundError, UnauthorizedError } from './errors.js';

/** What account-scoped areas (cloud, invoices) need to know about the caller. */
export interface AccountCaller {
  userId: string;
  accountId: string;
  /** Vendor employees (§3 unit4Employee) may look at any account. */
  employee: boolean;
  permissions: readonly string[];
  /** The profile language: files made for the caller follow it (issue 27). */
  language: string;
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
  };
}

/**
 * The account a call works on: the caller's own unless a vendor employee names another.
 * Anyone else naming a foreign account gets the same 404 as for an account that does not
 * exist, so ids of other accounts reveal nothing (docs/decisions/0023).
 */
export async function scopedAccountId(
  db: Queryable,
  caller: AccountCaller,
  requested: string | undefined,
): Promise<string> {
  if (requested === undefined || requested === caller.accountId) return caller.accountId;
  const notFound = new NotFoundError(`There is no account ${requested}.`);
  if (!caller.employee) throw notFound;
  if (!(await accountExists(db, requested))) throw notFound;
  return requested;
}

/** An account's name, if it exists. */
export function accountName(db: Queryable, accountId: string): Promise<string | undefined> {
  return findAccountName(db, accountId);
}

/**
 * The accounts an account-scoped page (cloud, invoices) offers: the caller's own first (what
 * a call without accountId shows), then, for a vendor employee, every other (ADR 0023).
 */
export async function accountChoices(
  db: Queryable,
  caller: AccountCaller,
): Promise<{ id: string; name: string }[]> {
  if (caller.employee) {
    const accounts = await listAccounts(db);
    return [
      ...accounts.filter((account) => account.id === caller.accountId),
      ...accounts.filter((account) => account.id !== caller.accountId),
    ];
  }
  const name = await accountName(db, caller.accountId);
  return name === undefined ? [] : [{ id: caller.accountId, name }];
}
