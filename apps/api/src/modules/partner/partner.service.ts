import type { CustomerAccount } from '@portico/contracts';
import type { Queryable } from '../../db/db.js';
import { ForbiddenError, NotFoundError } from '../../lib/errors.js';
import { findPartnerCaller, listCustomerAccounts } from './partner.repository.js';

/** §7 partner accounts: the customer accounts of the caller's partner account; PARTNER only. */
export async function partnerCustomerAccounts(
  db: Queryable,
  userId: string,
): Promise<CustomerAccount[]> {
  const caller = await findPartnerCaller(db, userId);
  if (!caller) throw new NotFoundError('Your user profile was not found.');
  if (!caller.permissions.includes('PARTNER')) {
    throw new ForbiddenError('Only partners have customer accounts.');
  }
  return (await listCustomerAccounts(db, caller.account_id)).map((a) => ({
    id: a.id,
    name: a.name,
    enterpriseCustomerId: a.enterprise_customer_id,
    dynamicsCustomerId: a.dynamics_customer_id,
  }));
}
