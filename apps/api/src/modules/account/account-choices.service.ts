import {
  RECENT_ACCOUNTS_KEPT,
  type AccountChoice,
  type AccountSearch,
  type RecentAccounts,
} from '@portico/contracts';
import type { Queryable } from '../../db/db.js';
import { isPartner, mayViewAccount, type AccountCaller } from '../../lib/account-scope.js';
import { NotFoundError, UnauthorizedError } from '../../lib/errors.js';
import { partnerCustomerAccounts } from '../partner/index.js';
import {
  findAccountChoice,
  listRecentAccounts,
  searchAccounts,
  touchRecentAccount,
} from './account-choices.repository.js';

async function ownAccount(db: Queryable, caller: AccountCaller): Promise<AccountChoice> {
  const own = await findAccountChoice(db, caller.accountId);
  // The user row names its account (a foreign key): a missing one means no valid session.
  if (!own) throw new UnauthorizedError('Your account no longer exists.');
  return own;
}

/**
 * `GET /api/accounts` (ADR 0070): the accounts the caller may look at whose name or id
 * contains the query. A vendor employee searches every account on the server, with a limit;
 * a partner gets their own and the customer accounts they serve; anyone else their own.
 */
export async function searchAccountChoices(
  db: Queryable,
  caller: AccountCaller,
  search: AccountSearch,
): Promise<AccountChoice[]> {
  if (caller.employee) return searchAccounts(db, search.query, search.limit);
  const own = await ownAccount(db, caller);
  const served = isPartner(caller)
    ? (await partnerCustomerAccounts(db, caller.userId)).map(({ id, name }) => ({ id, name }))
    : [];
  const term = search.query.toLocaleLowerCase();
  return [own, ...served]
    .filter(
      (account) =>
        account.name.toLocaleLowerCase().includes(term) ||
        account.id.toLocaleLowerCase().includes(term),
    )
    .slice(0, search.limit);
}

/**
 * `GET /api/accounts/recent`: the caller's own account and the ones they used last, newest
 * first (the picker opens on the first). An account they may no longer see (a partner link
 * removed) is left out.
 */
export async function recentAccountChoices(
  db: Queryable,
  caller: AccountCaller,
): Promise<RecentAccounts> {
  const own = await ownAccount(db, caller);
  const recent: AccountChoice[] = [];
  for (const account of await listRecentAccounts(db, caller.userId, RECENT_ACCOUNTS_KEPT)) {
    if (await mayViewAccount(db, caller, account.id)) recent.push(account);
  }
  return { own, recent };
}

/** `PUT /api/accounts/recent/:accountId`: an account the caller may not see is a 404. */
export async function recordRecentAccount(
  db: Queryable,
  caller: AccountCaller,
  accountId: string,
): Promise<void> {
  if (!(await mayViewAccount(db, caller, accountId)))
    throw new NotFoundError(`There is no account ${accountId}.`);
  await touchRecentAccount(db, caller.userId, accountId, RECENT_ACCOUNTS_KEPT);
}
