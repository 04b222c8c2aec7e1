// The user list with a query word at 1 000 000 users (issue 24, ADR 0055 addendum): how many
// users of an account have a term beginning with a word, by status and role, from stored
// counts instead of counting the word's index range (O(matches): 125 004 entries for a
// common surname).
//
// A user's terms that begin with a word w are consecutive in byte order, and exactly one of
// them has a previous term (prev_term of migration 015) that does not begin with w: the
// first. That previous term begins with w exactly when it shares at least length(w)
// characters with the term. So each (account, term, shared, status, role) is stored with its
// number of users, `shared` being how many leading characters the term has in common with
// the user's previous term (0 for the first), and a word's count is
//   sum(users) over the rows with term in [w, w || U+10FFFF) and shared < length(w),
// which reads one row per distinct term in the range, not one per user. Kept exact in the
// writing transaction by statement-level triggers on users (like migration 019), only when
// the words, account, status or role change: a sign-in (last_login_at) touches no count.

/** The terms of `rows` (users rows) counted with `sign` into user_term_counts. */
const addCounts = (rows: string, sign: 1 | -1): string => /* sql */ `
  insert into user_term_counts (account_id, term, shared, status, role, users)
  select account_id, term, shared, status, role, ${sign} * count(*)::integer from (
    select r.account_id, r.status, r.role, t.lexeme collate "C" as term,
           coalesce(portico_shared_prefix(t.lexeme,
             lag(t.lexeme collate "C") over (partition by r.id order by t.lexeme collate "C")), 0) as shared
      from ${rows} r, unnest(r.search) t
     where r.account_id is not null) x
   group by account_id, term, shared, status, role
   -- One lock order for every writer, so concurrent statements cannot deadlock here.
   order by account_id, term, shared, status, role
  on conflict (account_id, term, shared, status, role)
  do update set users = user_term_counts.users + excluded.users;`;

const changed = `(o.search, o.account_id, o.status, o.role) is distinct from (n.search, n.account_id, n.status, n.role)`;

export const sql = /* sql */ `
create function portico_shared_prefix(a text, b text) returns integer
  language plpgsql immutable strict parallel safe as $fn$
declare
  n integer := 0;
  m integer := least(char_length(a), char_length(b));
begin
  while n < m and substr(a, n + 1, 1) = substr(b, n + 1, 1) loop
    n := n + 1;
  end loop;
  return n;
end
$fn$;

create table user_term_counts (
  account_id text not null,
  term text collate "C" not null,
  shared smallint not null,
  status text not null,
  role text not null,
  -- Rows that fall to 0 stay (a later user with the term reuses them); the sum ignores them.
  users integer not null,
  primary key (account_id, term, shared, status, role)
);
${addCounts('users', 1)}

create function user_term_counts_inserted() returns trigger language plpgsql as $fn$
begin
  ${addCounts('inserted', 1)}
  return null;
end
$fn$;
create function user_term_counts_deleted() returns trigger language plpgsql as $fn$
begin
  ${addCounts('deleted', -1)}
  return null;
end
$fn$;
create function user_term_counts_updated() returns trigger language plpgsql as $fn$
begin
  ${addCounts(`(select o.* from old_rows o join new_rows n on n.id = o.id where ${changed})`, -1)}
  ${addCounts(`(select n.* from new_rows n join old_rows o on o.id = n.id where ${changed})`, 1)}
  return null;
end
$fn$;
create function user_term_counts_truncated() returns trigger language plpgsql as $fn$
begin
  delete from user_term_counts;
  return null;
end
$fn$;

create trigger user_term_counts_insert after insert on users
  referencing new table as inserted for each statement
  execute function user_term_counts_inserted();
create trigger user_term_counts_delete after delete on users
  referencing old table as deleted for each statement
  execute function user_term_counts_deleted();
create trigger user_term_counts_update after update on users
  referencing old table as old_rows new table as new_rows for each statement
  execute function user_term_counts_updated();
create trigger user_term_counts_truncate after truncate on users
  for each statement execute function user_term_counts_truncated();
`;
