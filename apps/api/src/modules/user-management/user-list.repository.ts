import type { UserListQuery, UserStatus } from '@portico/contracts';
import { firstValue, type Queryable } from '../../db/db.js';

// SQL of the user list (§5): a page of an account's users, searched by word prefixes and
// counted with the plan of ADR 0038. Every statement is scoped by account id.

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
    return (
      (await firstValue<number>(
        db,
        `with ${cte} select count(*)::integer as n from matches`,
        params,
      )) ?? 0
    );
  }
  // Exact, from the trigger-kept counts (migration 019): at most 12 rows, whatever the size.
  const { where, params } = listFilter(accountId, q);
  return (
    (await firstValue<number>(
      db,
      `select coalesce(sum(users), 0)::integer as n from user_list_counts where ${where}`,
      params,
    )) ?? 0
  );
}
