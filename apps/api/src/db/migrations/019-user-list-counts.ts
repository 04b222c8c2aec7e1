// The user list without a query at 1 000 000 users in one account (issue 24, ADR 0055):
// - user_list_counts: users per (account, status, role), kept exact by statement-level
//   triggers in the writing transaction, so X-Total-Count of an unsearched list (with or
//   without status/role filters) sums at most 12 rows instead of counting the account;
// - indexes whose order is each sort's order (last login: NULLs first ascending, so one index
//   serves both directions; status descending), so a page reads `offset + 20` index entries
//   (index-only, see listUsers' deferred join) instead of sorting the account.

/** Adds (or subtracts) a transition table to the per-(account, status, role) counts. */
const addCounts = (rows: string, sign: 1 | -1): string => /* sql */ `
  insert into user_list_counts (account_id, status, role, users)
  select r.account_id, r.status, r.role, ${sign} * count(*)::integer
    from ${rows} r
   where r.account_id is not null
   group by r.account_id, r.status, r.role
   -- One lock order for every writer, so concurrent statements cannot deadlock here.
   order by r.account_id, r.status, r.role
  on conflict (account_id, status, role)
  do update set users = user_list_counts.users + excluded.users;`;

export const sql = /* sql */ `
create table user_list_counts (
  account_id text not null,
  status text not null,
  role text not null,
  users integer not null,
  primary key (account_id, status, role)
);
insert into user_list_counts (account_id, status, role, users)
select account_id, status, role, count(*)::integer from users
 where account_id is not null group by account_id, status, role;

create function user_list_counts_inserted() returns trigger language plpgsql as $fn$
begin
  ${addCounts('inserted', 1)}
  return null;
end
$fn$;
create function user_list_counts_deleted() returns trigger language plpgsql as $fn$
begin
  ${addCounts('deleted', -1)}
  return null;
end
$fn$;
-- Only rows whose account, status or role changed (most updates change neither).
create function user_list_counts_updated() returns trigger language plpgsql as $fn$
begin
  ${addCounts(
    `(select o.* from old_rows o join new_rows n on n.id = o.id
       where (o.account_id, o.status, o.role) is distinct from (n.account_id, n.status, n.role))`,
    -1,
  )}
  ${addCounts(
    `(select n.* from new_rows n join old_rows o on o.id = n.id
       where (o.account_id, o.status, o.role) is distinct from (n.account_id, n.status, n.role))`,
    1,
  )}
  return null;
end
$fn$;
create function user_list_counts_truncated() returns trigger language plpgsql as $fn$
begin
  delete from user_list_counts;
  return null;
end
$fn$;

create trigger user_list_counts_insert after insert on users
  referencing new table as inserted for each statement
  execute function user_list_counts_inserted();
create trigger user_list_counts_delete after delete on users
  referencing old table as deleted for each statement
  execute function user_list_counts_deleted();
create trigger user_list_counts_update after update on users
  referencing old table as old_rows new table as new_rows for each statement
  execute function user_list_counts_updated();
create trigger user_list_counts_truncate after truncate on users
  for each statement execute function user_list_counts_truncated();

-- lastLogin sorts NULLs first ascending, '-lastLogin' NULLs last descending: this order read
-- forwards or backwards is both (the old index, NULLs last, was neither, so they sorted).
drop index users_account_login_idx;
create index users_account_login_idx on users (account_id, last_login_at nulls first, id);
create index users_account_status_login_idx
  on users (account_id, status, last_login_at nulls first, id);
create index users_account_status_desc_idx
  on users (account_id, status desc, last_name, first_name, id);
create index users_account_role_idx on users (account_id, role, last_name, first_name, id);
`;
