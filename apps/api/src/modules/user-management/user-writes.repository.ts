import type { UserStatus } from '@portico/contracts';
import { firstRow, firstValue, hasRowBy, type Queryable } from '../../db/db.js';
import { type UserRow, userColumns } from './user-management.repository.js';

// SQL of user writes (§3, §6): insert, update at a version, delete, and the checks a write
// needs (unique e-mail and username, the last administrator, one point manager).

export type UserWrite = Omit<
  UserRow,
  | 'id'
  | 'account_id'
  | 'status'
  | 'last_login_at'
  | 'version'
  | 'unit4_employee'
  | 'subscription_level'
> & { status: UserStatus };

/**
 * Every column a user write sets, once: a column UserWrite gains (a new §3 field) and this
 * list misses is a type error, so no field is silently left unwritten or out of the change
 * history (issue 36).
 */
const WRITTEN: Record<keyof UserWrite, true> = {
  email: true,
  first_name: true,
  last_name: true,
  username: true,
  language: true,
  time_zone: true,
  address: true,
  billing_address: true,
  shipping_address: true,
  city: true,
  postal_code: true,
  country: true,
  phone: true,
  mobile: true,
  fax: true,
  phone_extension: true,
  hotline_code: true,
  website: true,
  role: true,
  c4u_role: true,
  billing_platform_role: true,
  learning_role: true,
  status: true,
  permissions: true,
};
/** The columns of a write, in the form's order. */
export const writeColumns = Object.keys(WRITTEN) as (keyof UserWrite)[];

export async function insertUser(
  db: Queryable,
  row: UserWrite & {
    id: string;
    account_id: string;
    unit4_employee: boolean;
    subscription_level: string | null;
  },
): Promise<UserRow> {
  const columns = [
    ...writeColumns,
    'id',
    'account_id',
    'unit4_employee',
    'subscription_level',
  ] as const;
  const { rows } = await db.query<UserRow>(
    `insert into users (${columns.join(', ')})
     values (${columns.map((_, i) => `$${i + 1}`).join(', ')})
     returning ${userColumns}`,
    columns.map((c) => row[c]),
  );
  const inserted = rows[0];
  if (!inserted) throw new Error('insert into users returned no row');
  return inserted;
}

/**
 * Writes the user if it is still at `version` (optimistic concurrency); undefined when it is
 * not (changed or gone). Deactivation revokes tokens issued until now (ADR 0027).
 */
export async function updateUser(
  db: Queryable,
  id: string,
  accountId: string,
  version: number,
  row: UserWrite,
): Promise<UserRow | undefined> {
  const sets = writeColumns.map((c, i) => `${c} = $${i + 4}`);
  return firstRow<UserRow>(
    db,
    `update users set ${sets.join(', ')}, version = version + 1, updated_at = now(),
            tokens_valid_after = case when $${writeColumns.length + 4} <> 'Active'
                                      then now() else tokens_valid_after end
      where id = $1 and account_id = $2 and version = $3
      returning ${userColumns}`,
    [id, accountId, version, ...writeColumns.map((c) => row[c]), row.status],
  );
}

export const deleteUser = hasRowBy<[id: string, accountId: string, version: number]>(
  'delete from users where id = $1 and account_id = $2 and version = $3 returning id',
);

export async function countActiveAdministrators(
  db: Queryable,
  accountId: string,
  exceptUserId: string,
): Promise<number> {
  return (
    (await firstValue<number>(
      db,
      `select count(*)::integer as n from users
      where account_id = $1 and id <> $2 and status = 'Active' and 'USERMANAGEMENT' = any(permissions)`,
      [accountId, exceptUserId],
    )) ?? 0
  );
}

export async function emailTaken(db: Queryable, email: string, exceptId: string | null) {
  const { rows } = await db.query(
    'select 1 from users where lower(email) = lower($1) and ($2::text is null or id <> $2)',
    [email, exceptId],
  );
  return rows.length > 0;
}

export async function usernameTaken(db: Queryable, username: string, exceptId: string | null) {
  if (username === '') return false;
  const { rows } = await db.query(
    'select 1 from users where lower(username) = lower($1) and ($2::text is null or id <> $2)',
    [username, exceptId],
  );
  return rows.length > 0;
}

export async function pointManagerTaken(db: Queryable, accountId: string, exceptId: string | null) {
  const { rows } = await db.query(
    `select 1 from users where account_id = $1 and role = 'point-manager'
        and ($2::text is null or id <> $2)`,
    [accountId, exceptId],
  );
  return rows.length > 0;
}
