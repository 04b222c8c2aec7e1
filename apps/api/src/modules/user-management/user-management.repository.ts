import type { UserStatus } from '@portico/contracts';
import { firstRow, rowBy, rowsBy, type Queryable } from '../../db/db.js';

// SQL of user management (issue 15). Every statement that reads or writes another user is
// scoped by account id here as well as in the service: an id of another account finds nothing.

export interface AdminCallerRow {
  id: string;
  account_id: string;
  first_name: string;
  last_name: string;
  permissions: string[];
  unit4_employee: boolean;
  status: UserStatus;
  /** The administrator's profile language and zone: the exports are written in them. */
  language: string;
  time_zone: string;
}

export const findAdminCaller = rowBy<AdminCallerRow>(
  `select id, account_id, first_name, last_name, permissions, unit4_employee, status,
          language, time_zone
     from users where id = $1`,
);

export interface AccountRow {
  id: string;
  name: string;
  parent_name: string | null;
  subscription_level: string | null;
  licence_count: number;
  licences_used: number;
  vendor: boolean;
  /** A new user's default zone (issue 37). */
  time_zone: string;
}

const accountColumns = `a.id, a.name, p.name as parent_name, a.subscription_level, a.licence_count,
  a.time_zone,
  (select count(*)::integer from users u where u.account_id = a.id and u.status <> 'Inactive') as licences_used,
  exists (select 1 from users e where e.account_id = a.id and e.unit4_employee) as vendor`;
/** The same without counting licences (the list and reads do not need it: ADR 0026). */

const accountColumnsLight = `a.id, a.name, p.name as parent_name, a.subscription_level, a.licence_count,
  a.time_zone,
  -1 as licences_used,
  exists (select 1 from users e where e.account_id = a.id and e.unit4_employee) as vendor`;

/** The account; `lock` (writes) also locks its row and counts the licences in use. */

export async function findAccount(
  db: Queryable,
  accountId: string,
  lock = false,
  withUsage = lock,
): Promise<AccountRow | undefined> {
  if (lock) await db.query('select id from accounts where id = $1 for update', [accountId]);
  return firstRow<AccountRow>(
    db,
    `select ${withUsage ? accountColumns : accountColumnsLight}
       from accounts a left join accounts p on p.id = a.parent_account_id
      where a.id = $1`,
    [accountId],
  );
}

export async function listAccounts(db: Queryable): Promise<AccountRow[]> {
  const { rows } = await db.query<AccountRow>(
    `select ${accountColumns}
       from accounts a left join accounts p on p.id = a.parent_account_id
      order by a.name, a.id`,
  );
  return rows;
}

export interface UserRow {
  id: string;
  account_id: string;
  email: string;
  first_name: string;
  last_name: string;
  username: string;
  language: string;
  time_zone: string;
  address: string;
  billing_address: string;
  shipping_address: string;
  city: string;
  postal_code: string;
  country: string;
  phone: string;
  mobile: string;
  fax: string;
  phone_extension: string;
  hotline_code: string;
  website: string;
  role: string;
  c4u_role: string;
  billing_platform_role: string;
  learning_role: string;
  status: UserStatus;
  last_login_at: Date | string | null;
  version: number;
  permissions: string[];
  unit4_employee: boolean;
  /** The user's own level (§3 User profile); a new user takes the account's. */
  subscription_level: string | null;
}

export const userColumns = `id, account_id, email, first_name, last_name, username, language, time_zone,
  address, billing_address, shipping_address, city, postal_code, country, phone, mobile, fax,
  phone_extension, hotline_code, website, role, c4u_role, billing_platform_role, learning_role,
  status, last_login_at, version, permissions, unit4_employee, subscription_level`;

/** The user with this id, if it belongs to `accountId` (null: any account, vendor employees). */

export const findUser = rowBy<UserRow, [id: string, accountId: string | null]>(
  `select ${userColumns} from users where id = $1 and ($2::text is null or account_id = $2)`,
);

export async function listAdministrators(db: Queryable, accountId: string) {
  const { rows } = await db.query<{
    id: string;
    first_name: string;
    last_name: string;
    email: string;
  }>(
    `select id, first_name, last_name, email from users
      where account_id = $1 and status = 'Active' and 'USERMANAGEMENT' = any(permissions)
      order by last_name, first_name, id`,
    [accountId],
  );
  return rows;
}

export interface ProductRow {
  id: string;
  content_id: string;
  product_name: string;
  slug: string;
}

/**
 * The account's products: those its users are connected to (ADR 0056). There is no
 * licence table of an account's products; the connections are what the portal knows.
 */
export const listAccountProducts = rowsBy<ProductRow>(
  `select p.id, p.content_id, p.product_name, p.slug from products p
    where exists (select 1 from user_products up join users u on u.id = up.user_id
                   where up.product_id = p.id and u.account_id = $1)
    order by p.product_name, p.id`,
);

/** The ids of the products a user is connected to, in id order. */
export async function productIdsOf(db: Queryable, userId: string): Promise<string[]> {
  const { rows } = await db.query<{ product_id: string }>(
    'select product_id from user_products where user_id = $1 order by product_id',
    [userId],
  );
  return rows.map((r) => r.product_id);
}

/** Connects the user to exactly these products. */
export async function setUserProducts(
  db: Queryable,
  userId: string,
  productIds: readonly string[],
): Promise<void> {
  await db.query(
    'delete from user_products where user_id = $1 and not (product_id = any($2::text[]))',
    [userId, [...productIds]],
  );
  for (const productId of productIds) {
    await db.query(
      `insert into user_products (user_id, product_id) values ($1, $2)
       on conflict do nothing`,
      [userId, productId],
    );
  }
}
