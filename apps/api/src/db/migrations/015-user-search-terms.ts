// The user list's query (issue 15 bench, ADR 0038): one row per (user, word of the name,
// e-mail or username) with the list's sort and filter columns, kept in step with `users` by
// statement-level triggers. A query word is then a range of one B-tree, read index-only:
// counting and sorting the matches no longer visit the wide `users` rows (the GIN index on
// users.search found them quickly, but every match cost a heap visit, twice: page and count).
export const sql = /* sql */ `
create table user_search_terms (
  user_id text not null references users (id) on delete cascade,
  -- Byte order: a prefix is the range [word, word || U+10FFFF).
  term text collate "C" not null,
  -- The user's next smaller term: of a user's terms that begin with a word, exactly one has
  -- no previous term that also does (prev_term < word), so a range counts each user once.
  prev_term text collate "C",
  account_id text not null,
  last_name text not null,
  first_name text not null,
  status text not null,
  role text not null,
  last_login_at timestamptz,
  primary key (user_id, term)
);
-- A word's range, read index-only; within one term the rows come in name order, so a page
-- sorted by name needs no sort of all matches (ADR 0038).
create index user_search_terms_list_idx
  on user_search_terms (account_id, term, last_name, first_name, user_id)
  include (prev_term, status, role, last_login_at);

-- The words are the lexemes of users.search (the 'simple' configuration): the same words the
-- list searched before.
create function user_search_terms_inserted() returns trigger language plpgsql as $fn$
begin
  insert into user_search_terms
    (user_id, term, prev_term, account_id, last_name, first_name, status, role, last_login_at)
  select n.id, t.lexeme,
         lag(t.lexeme collate "C") over (partition by n.id order by t.lexeme collate "C"),
         n.account_id, n.last_name, n.first_name, n.status, n.role, n.last_login_at
    from inserted n, unnest(n.search) t;
  return null;
end
$fn$;

-- Only rows whose words or list columns changed (not a version or token-revocation bump).
create function user_search_terms_updated() returns trigger language plpgsql as $fn$
begin
  delete from user_search_terms s
   using new_rows n join old_rows o on o.id = n.id
   where s.user_id = n.id
     and (n.search, n.account_id, n.last_name, n.first_name, n.status, n.role, n.last_login_at)
         is distinct from
         (o.search, o.account_id, o.last_name, o.first_name, o.status, o.role, o.last_login_at);
  insert into user_search_terms
    (user_id, term, prev_term, account_id, last_name, first_name, status, role, last_login_at)
  select n.id, t.lexeme,
         lag(t.lexeme collate "C") over (partition by n.id order by t.lexeme collate "C"),
         n.account_id, n.last_name, n.first_name, n.status, n.role, n.last_login_at
    from new_rows n join old_rows o on o.id = n.id, unnest(n.search) t
   where (n.search, n.account_id, n.last_name, n.first_name, n.status, n.role, n.last_login_at)
         is distinct from
         (o.search, o.account_id, o.last_name, o.first_name, o.status, o.role, o.last_login_at);
  return null;
end
$fn$;

create trigger user_search_terms_insert after insert on users
  referencing new table as inserted for each statement
  execute function user_search_terms_inserted();
create trigger user_search_terms_update after update on users
  referencing old table as old_rows new table as new_rows for each statement
  execute function user_search_terms_updated();

insert into user_search_terms
  (user_id, term, prev_term, account_id, last_name, first_name, status, role, last_login_at)
select u.id, t.lexeme,
       lag(t.lexeme collate "C") over (partition by u.id order by t.lexeme collate "C"),
       u.account_id, u.last_name, u.first_name, u.status, u.role, u.last_login_at
  from users u, unnest(u.search) t;

-- The list no longer asks the GIN index; every write to users paid for it.
drop index users_search_idx;
`;
