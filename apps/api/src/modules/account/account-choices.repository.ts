import type { AccountChoice } from '@portico/contracts';
import { rowBy, rowsBy, type Queryable } from '../../db/db.js';

/** `%term%` for LIKE, with the term's own wildcards taken literally. */
const containing = (term: string): string => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Accounts whose name, id or enterprise customer id contains `term` (any case), by name; all
 * accounts when the term is empty. At most `limit`: the picker never loads every account.
 */
export async function searchAccounts(
  db: Queryable,
  term: string,
  limit: number,
): Promise<AccountChoice[]> {
  const { rows } = await db.query<AccountChoice>(
    `select id, name from accounts
      where $1 = '' or name ilike $2 or id ilike $2 or enterprise_customer_id ilike $2
      order by name, id
      limit $3`,
    [term, containing(term), limit],
  );
  return rows;
}

export const findAccountChoice = rowBy<AccountChoice>(
  'select id, name from accounts where id = $1',
);

/** The user's recently used accounts, last used first. */
export const listRecentAccounts = rowsBy<AccountChoice, [userId: string, limit: number]>(
  `select a.id, a.name
     from account_recent_uses r
     join accounts a on a.id = r.account_id
    where r.user_id = $1
    order by r.used_at desc, a.id
    limit $2`,
);

/** Records that the user used an account now and forgets all but the last `keep`. */
export async function touchRecentAccount(
  db: Queryable,
  userId: string,
  accountId: string,
  keep: number,
): Promise<void> {
  await db.query(
    `insert into account_recent_uses (user_id, account_id, used_at)
     values ($1, $2, clock_timestamp())
     on conflict (user_id, account_id) do update set used_at = excluded.used_at`,
    [userId, accountId],
  );
  await db.query(
    `delete from account_recent_uses
      where user_id = $1
        and account_id not in (select account_id from account_recent_uses
                                where user_id = $1 order by used_at desc, account_id limit $2)`,
    [userId, keep],
  );
}
