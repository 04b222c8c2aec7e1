import type { AccountManager } from '@portico/contracts';
import type { Queryable } from '../../db/db.js';
import { NotFoundError } from '../../lib/errors.js';
import { findAccountContact, type ContactRole } from './account.repository.js';

async function contactOf(
  db: Queryable,
  userId: string,
  role: ContactRole,
): Promise<AccountManager | null> {
  const row = await findAccountContact(db, userId, role);
  if (row === undefined) throw new NotFoundError('Your user profile was not found.');
  if (row === null) return null;
  return {
    name: row.name,
    email: row.email,
    phoneNumber: row.phone_number,
    mobilePhoneNumber: row.mobile_phone_number,
  };
}

/** §3 Account manager of the caller's own account; null when it has none. */
export function getAccountManager(db: Queryable, userId: string): Promise<AccountManager | null> {
  return contactOf(db, userId, 'account_manager');
}

/** §3 Success manager of the caller's own account; null when it has none (the route's 204). */
export function getSuccessManager(db: Queryable, userId: string): Promise<AccountManager | null> {
  return contactOf(db, userId, 'success_manager');
}
