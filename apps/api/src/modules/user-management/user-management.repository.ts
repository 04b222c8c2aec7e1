import type { UserListQuery, UserStatus } from '@portico/contracts';
import type { Queryable } from '../../db/db.js';

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

export async function findAdminCaller(
  db: Queryable,
  userId: string,
): Promise<AdminCallerRow | undefined> {
  const { rows } = await db.query<AdminCallerRow>(
    `select id, account_id, first_name, last_name, permissions, unit4_employee, status,
            language, time_zone
       from users where id = $1`,
    [userId],
  );
  return rows[0];
}

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
  const { rows } = await db.query<AccountRow>(
    `select ${withUsage ? accountColumns : accountColumnsLight}
       from accounts a left join accounts p on p.id = a.parent_account_id
      where a.id = $1`,
    [accountId],
  );
  return rows[0];
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

const userColumns = `id, account_id, email, first_name, last_name, username, language, time_zone,
  address, billing_address, shipping_address, city, postal_code, country, phone, mobile, fax,
  phone_extension, hotline_code, website, role, c4u_role, billing_platform_role, learning_role,
  status, last_login_at, version, permissions, unit4_employee, subscription_level`;

/** The user with this id, if it belongs to `accountId` (null: any account, vendor employees). */
export async function findUser(
  db: Queryable,
  id: string,
  accountId: string | null,
): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(
    `select ${userColumns} from users where id = $1 and ($2::text is null or account_id = $2)`,
    [id, accountId],
  );
  return rows[0];
}

export interface ListRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  username: string;
  role: string;
  status: UserStatus;
  last_login_at: Date | string | null;
}

const SORTS: Record<UserListQuery['sort'], string> = {
  name: 'last_name, first_name, id',
  '-name': 'last_name desc, first_name desc, id desc',
  lastLogin: 'last_login_at nulls first, id',
  '-lastLogin': 'last_login_at desc nulls last, id desc',
  status: 'status, last_name, first_name, id',
  '-status': 'status desc, last_name, first_name, id',
};

/** Words of the query, lower case, at most 8: each must begin a word of the user (ADR 0038). */
export function queryWords(query: string | undefined): string[] {
  return (query ?? '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)
    .slice(0, 8);
}

/** Words of the query as prefix terms of a tsquery ('simple' configuration). */
export function prefixQuery(query: string): string | null {
  const words = queryWords(query);
  return words.length === 0 ? null : words.map((w) => `${w}:*`).join(' & ');
}

type ListFilter = Omit<UserListQuery, 'page' | 'sort' | 'accountId'>;

/** Account, status and role conditions (`alias`: the table's alias with its dot). */
function listFilter(accountId: string, q: ListFilter, alias = '') {
  const params: unknown[] = [accountId];
  const where = [`${alias}account_id = $1`];
  if (q.status) {
    params.push(q.status);
    where.push(`${alias}status = $${params.length}`);
  }
  if (q.role) {
    params.push(q.role);
    where.push(`${alias}role = $${params.length}`);
  }
  return { where: where.join(' and '), params };
}

/** The highest code point: [word, word || it) is every term that begins with word (collate "C"). */
const PREFIX_END = 'chr(1114111)';
/** Matches of a word counted up to this many when choosing the word that drives the search. */
const WORD_COUNT_CAP = 1000;

/**
 * The matches of a query as a `matches` CTE over user_search_terms (ADR 0038): the rarest word
 * is read as one index range (index-only: the term index carries the list's columns), each
 * other word is checked per candidate on the (user_id, term) key, and status and role filter
 * inside the index. Columns: id, last_name, first_name, status, role, last_login_at.
 */
async function matchesCte(
  db: Queryable,
  accountId: string,
  q: ListFilter,
  words: string[],
): Promise<{ cte: string; params: unknown[]; driver: string; conditions: string[] }> {
  let ordered = words;
  if (words.length > 1) {
    // How common each word is, capped: a cheap index-only count that picks the driver.
    const { rows } = await db.query<{ word: string; n: number }>(
      `select w as word, (select count(*)::integer from (
          select 1 from user_search_terms
           where account_id = $1 and term >= w and term < w || ${PREFIX_END}
           limit ${WORD_COUNT_CAP}) c) as n
         from unnest($2::text[]) w`,
      [accountId, words],
    );
    const counts = new Map(rows.map((r) => [r.word, r.n]));
    ordered = [...words].sort((a, b) => (counts.get(a) ?? 0) - (counts.get(b) ?? 0));
  }
  const { where, params } = listFilter(accountId, q, 't.');
  const [driver = '', ...others] = ordered;
  params.push(driver);
  const d = `$${params.length}`;
  const conditions = [
    where,
    `t.term >= ${d} and t.term < ${d} || ${PREFIX_END}`,
    // One row per user: the first of their terms that begins with the word.
    `(t.prev_term is null or t.prev_term < ${d})`,
  ];
  for (const word of others) {
    params.push(word);
    const p = `$${params.length}`;
    conditions.push(
      `exists (select 1 from user_search_terms o where o.user_id = t.user_id and o.term >= ${p} and o.term < ${p} || ${PREFIX_END})`,
    );
  }
  const cte = `matches as (
    select t.user_id as id, t.last_name, t.first_name, t.status, t.role, t.last_login_at
      from user_search_terms t
     where ${conditions.join(' and ')})`;
  return { cte, params, driver: d, conditions };
}

/** Terms of a range walked one by one (a loose index scan) before sorting by name pays off. */
const MAX_MERGED_TERMS = 16;
/** Rows each term may have to give for a page by name (deep pages sort instead). */
const MAX_MERGED_ROWS = 2000;

/**
 * The distinct terms in the driver word's range, at most MAX_MERGED_TERMS + 1 of them: one
 * index probe each (recursive "next term after").
 */
async function rangeTerms(db: Queryable, accountId: string, word: string): Promise<string[]> {
  const { rows } = await db.query<{ term: string }>(
    `with recursive r(term, n) as (
       (select term, 1 from user_search_terms
         where account_id = $1 and term >= $2 and term < $2 || ${PREFIX_END}
         order by term limit 1)
       union all
       select (select t.term from user_search_terms t
                where t.account_id = $1 and t.term > r.term and t.term < $2 || ${PREFIX_END}
                order by t.term limit 1), r.n + 1
         from r where r.term is not null and r.n <= ${MAX_MERGED_TERMS})
     select term from r where term is not null`,
    [accountId, word],
  );
  return rows.map((r) => r.term);
}

const listColumns = 'id, first_name, last_name, email, username, role, status, last_login_at';

/** One page of matches of a query, and their number: two index-only reads side by side. */
async function queryPage(
  db: Queryable,
  accountId: string,
  q: Omit<UserListQuery, 'accountId'>,
  words: string[],
  limit: number,
  offset: number,
): Promise<{ rows: ListRow[]; total: number }> {
  const { cte, params, driver, conditions } = await matchesCte(db, accountId, q, words);
  // Name and last-login sorts have an index in their order within one term (migrations 015
  // and 026); status sorts do not.
  const inTermOrder = q.sort !== 'status' && q.sort !== '-status';
  const driverWord = params[Number(driver.slice(1)) - 1] as string;
  const terms =
    inTermOrder && offset + limit <= MAX_MERGED_ROWS
      ? await rangeTerms(db, accountId, driverWord)
      : [];
  // Few terms begin with the word: each gives its first rows in the sort's order straight
  // from an index (read index-only), and only those are sorted (the common case: a name or
  // part of one).
  const merged = terms.length > 0 && terms.length <= MAX_MERGED_TERMS;
  const byLogin = q.sort === 'lastLogin' || q.sort === '-lastLogin';
  const termParam = `$${params.length + 1}`;
  const pageSql = merged
    ? `select x.id from unnest(${termParam}::text[]) r(term) cross join lateral (
         select t.user_id as id, ${byLogin ? 't.last_login_at' : 't.last_name, t.first_name'}
           from user_search_terms t
          where ${conditions.join(' and ')} and t.term = r.term
          order by ${SORTS[q.sort]
            .replace(/\bid\b/, 't.user_id')
            .replace(/\b(last_name|first_name|last_login_at)\b/g, 't.$1')}
          limit ${offset + limit}) x
        order by ${SORTS[q.sort]} limit ${limit} offset ${offset}`
    : `select id from matches order by ${SORTS[q.sort]} limit ${limit} offset ${offset}`;
  const outerSort = SORTS[q.sort]
    .split(', ')
    .map((part) => `u.${part}`)
    .join(', ');
  const pageQuery = () =>
    db.query<ListRow>(
      `with ${cte},
       page as (${pageSql})
       select ${listColumns
         .split(', ')
         .map((c) => `u.${c}`)
         .join(', ')}
         from page join users u on u.id = page.id
        order by ${outerSort}`,
      merged ? [...params, terms] : params,
    );
  // One word: its count is stored (a few rows), and a page past the last match is not read
  // (a filter that nothing matches would otherwise walk the word's whole range).
  const stored = words.length === 1 ? await storedWordCount(db, accountId, q, driverWord) : null;
  if (stored !== null) {
    return { rows: offset < stored ? (await pageQuery()).rows : [], total: stored };
  }
  const [page, counted] = await Promise.all([
    pageQuery(),
    db.query<{ n: number }>(`with ${cte} select count(*)::integer as n from matches`, params),
  ]);
  return { rows: page.rows, total: counted.rows[0]?.n ?? 0 };
}

/** Stored rows a word's count may sum before counting its matches is as cheap. */
const STORED_COUNT_ROWS = 2000;

/**
 * Users whose words begin with `word`, exact, from user_term_counts (migration 025): one row
 * per distinct term in the word's range, status and role. Null when the range has more than
 * STORED_COUNT_ROWS such rows (a prefix of many distinct e-mail addresses), where the
 * caller counts the matches instead.
 */
async function storedWordCount(
  db: Queryable,
  accountId: string,
  q: ListFilter,
  word: string,
): Promise<number | null> {
  const { where, params } = listFilter(accountId, q);
  params.push(word);
  const w = `$${params.length}::text`;
  const { rows } = await db.query<{ rows: number; n: number }>(
    `select count(*)::integer as rows, coalesce(sum(users), 0)::integer as n from (
       select users from user_term_counts
        where ${where} and term >= ${w} and term < ${w} || ${PREFIX_END}
          and shared < char_length(${w})
        limit ${STORED_COUNT_ROWS + 1}) c`,
    params,
  );
  const row = rows[0];
  return row && row.rows <= STORED_COUNT_ROWS ? row.n : null;
}

/** A page of the account's users and how many match (X-Total-Count). */
export async function listUsersWithTotal(
  db: Queryable,
  accountId: string,
  q: Omit<UserListQuery, 'accountId'>,
  limit: number,
  offset: number,
): Promise<{ rows: ListRow[]; total: number }> {
  const words = queryWords(q.query);
  if (words.length > 0) return queryPage(db, accountId, q, words, limit, offset);
  const [rows, total] = await Promise.all([
    listUsers(db, accountId, q, limit, offset),
    countUsers(db, accountId, q),
  ]);
  return { rows, total };
}

export async function listUsers(
  db: Queryable,
  accountId: string,
  q: Omit<UserListQuery, 'accountId'>,
  limit: number,
  offset: number,
): Promise<ListRow[]> {
  const words = queryWords(q.query);
  if (words.length > 0) return (await queryPage(db, accountId, q, words, limit, offset)).rows;
  const { where, params } = listFilter(accountId, q);
  // Deferred join (ADR 0055): the page's ids from an index in the sort's order, read
  // index-only past the offset; only the 20 rows shown are fetched from the wide table.
  const { rows } = await db.query<ListRow>(
    `select ${listColumns} from users where id in (
       select id from users where ${where}
        order by ${SORTS[q.sort]} limit ${limit} offset ${offset})
      order by ${SORTS[q.sort]}`,
    params,
  );
  return rows;
}

export async function countUsers(db: Queryable, accountId: string, q: ListFilter): Promise<number> {
  const words = queryWords(q.query);
  const [only] = words;
  if (words.length === 1 && only !== undefined) {
    const stored = await storedWordCount(db, accountId, q, only);
    if (stored !== null) return stored;
  }
  if (words.length > 0) {
    const { cte, params } = await matchesCte(db, accountId, q, words);
    const { rows } = await db.query<{ n: number }>(
      `with ${cte} select count(*)::integer as n from matches`,
      params,
    );
    return rows[0]?.n ?? 0;
  }
  // Exact, from the trigger-kept counts (migration 019): at most 12 rows, whatever the size.
  const { where, params } = listFilter(accountId, q);
  const { rows } = await db.query<{ n: number }>(
    `select coalesce(sum(users), 0)::integer as n from user_list_counts where ${where}`,
    params,
  );
  return rows[0]?.n ?? 0;
}

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

const writeColumns = [
  'email',
  'first_name',
  'last_name',
  'username',
  'language',
  'time_zone',
  'address',
  'billing_address',
  'shipping_address',
  'city',
  'postal_code',
  'country',
  'phone',
  'mobile',
  'fax',
  'phone_extension',
  'hotline_code',
  'website',
  'role',
  'c4u_role',
  'billing_platform_role',
  'learning_role',
  'status',
  'permissions',
] as const satisfies readonly (keyof UserWrite)[];

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
  const { rows } = await db.query<UserRow>(
    `update users set ${sets.join(', ')}, version = version + 1, updated_at = now(),
            tokens_valid_after = case when $${writeColumns.length + 4} <> 'Active'
                                      then now() else tokens_valid_after end
      where id = $1 and account_id = $2 and version = $3
      returning ${userColumns}`,
    [id, accountId, version, ...writeColumns.map((c) => row[c]), row.status],
  );
  return rows[0];
}

export async function deleteUser(
  db: Queryable,
  id: string,
  accountId: string,
  version: number,
): Promise<boolean> {
  const { rows } = await db.query(
    'delete from users where id = $1 and account_id = $2 and version = $3 returning id',
    [id, accountId, version],
  );
  return rows.length > 0;
}

/** Ends the embedded provider's sessions and grants of a user (tokens stop at their next call). */
export async function deleteProviderState(db: Queryable, userId: string): Promise<void> {
  await db.query(
    `delete from oidc_payloads where payload->>'accountId' = $1
        or grant_id in (select id from oidc_payloads where model = 'Grant' and payload->>'accountId' = $1)`,
    [userId],
  );
}

export async function countActiveAdministrators(
  db: Queryable,
  accountId: string,
  exceptUserId: string,
): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::integer as n from users
      where account_id = $1 and id <> $2 and status = 'Active' and 'USERMANAGEMENT' = any(permissions)`,
    [accountId, exceptUserId],
  );
  return rows[0]?.n ?? 0;
}

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

export async function insertAudit(
  db: Queryable,
  entry: {
    userId: string;
    accountId: string;
    actorId: string;
    actorName: string;
    action: string;
    changes: Record<string, { before: unknown; after: unknown }>;
  },
): Promise<void> {
  await db.query(
    `insert into user_audit (user_id, account_id, actor_id, actor_name, action, changes)
     values ($1, $2, $3, $4, $5, $6)`,
    [
      entry.userId,
      entry.accountId,
      entry.actorId,
      entry.actorName,
      entry.action,
      JSON.stringify(entry.changes),
    ],
  );
}

export async function listAudit(db: Queryable, userId: string, accountId: string) {
  const { rows } = await db.query<{
    id: number;
    at: Date | string;
    actor_name: string;
    action: string;
    changes: Record<string, { before: unknown; after: unknown }>;
  }>(
    `select id, at, actor_name, action, changes from user_audit
      where user_id = $1 and account_id = $2 order by id desc limit 200`,
    [userId, accountId],
  );
  return rows;
}

/** The token rule of ADR 0027: what the auth plugin needs about a token's user. */
export async function findTokenState(db: Queryable, userId: string) {
  const { rows } = await db.query<{ status: UserStatus; tokens_valid_after: Date | string | null }>(
    'select status, tokens_valid_after from users where id = $1',
    [userId],
  );
  return rows[0];
}

export async function recordSignIn(db: Queryable, userId: string): Promise<void> {
  await db.query('update users set last_login_at = now() where id = $1', [userId]);
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
export async function listAccountProducts(db: Queryable, accountId: string): Promise<ProductRow[]> {
  const { rows } = await db.query<ProductRow>(
    `select p.id, p.content_id, p.product_name, p.slug from products p
      where exists (select 1 from user_products up join users u on u.id = up.user_id
                     where up.product_id = p.id and u.account_id = $1)
      order by p.product_name, p.id`,
    [accountId],
  );
  return rows;
}

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
