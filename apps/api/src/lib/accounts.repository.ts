import { rowBy, valueBy, hasRowBy } from '../db/db.js';

// SQL of the account-scoped areas' checks (lib/account-scope.ts, lib/product-access.ts): the
// caller's account, whether they may see another, a product the caller may open.

export interface AccountCallerRow {
  account_id: string;
  unit4_employee: boolean;
  permissions: string[];
  language: string;
  time_zone: string;
}

export const findAccountCaller = rowBy<AccountCallerRow>(
  'select account_id, unit4_employee, permissions, language, time_zone from users where id = $1',
);

export const accountExists = hasRowBy('select 1 from accounts where id = $1');

/** Whether a partner account serves a customer account (§7 partner/accounts). */
export const partnerServesAccount = hasRowBy<[partnerAccountId: string, customerAccountId: string]>(
  `select 1 from partner_customer_accounts
    where partner_account_id = $1 and customer_account_id = $2`,
);

export const findAccountName = valueBy<string>('select name from accounts where id = $1');

export interface ProductAccessRow {
  id: string;
  product_name: string;
  slug: string;
  content_id: string;
  user_exists: boolean;
  licensed: boolean;
}

/** The product, whether the caller exists, and whether they may open it (connected or employee). */
export const findProductAccess = rowBy<ProductAccessRow, [userId: string, productId: string]>(
  `select p.id, p.product_name, p.slug, p.content_id,
          u.id is not null as user_exists,
          coalesce(u.unit4_employee, false)
            or exists (select 1 from user_products up
                        where up.user_id = $1 and up.product_id = p.id) as licensed
     from products p
     left join users u on u.id = $1
    where p.id = $2`,
);
