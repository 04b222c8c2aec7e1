import { rowBy, rowsBy } from '../../db/db.js';

export interface CustomerAccountRow {
  id: string;
  name: string;
  enterprise_customer_id: string | null;
  dynamics_customer_id: string | null;
}

/** The user's permissions and account; undefined when the user does not exist. */
export const findPartnerCaller = rowBy<{ account_id: string; permissions: string[] }>(
  'select account_id, permissions from users where id = $1',
);

/** The customer accounts linked to a partner account, by name. */
export const listCustomerAccounts = rowsBy<CustomerAccountRow>(
  `select a.id, a.name, a.enterprise_customer_id, a.dynamics_customer_id
     from partner_customer_accounts l
     join accounts a on a.id = l.customer_account_id
    where l.partner_account_id = $1
    order by a.name, a.id`,
);
