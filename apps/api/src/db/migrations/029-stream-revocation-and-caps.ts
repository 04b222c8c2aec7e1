// Issue 34 (ADR 0054, addendum): live streams that end with the session they were opened for,
// and that cannot be multiplied without bound.
// - A stream ticket keeps when its bearer token was issued, so redeeming it applies the same
//   token rule as a bearer call (ADR 0027) at the moment the stream opens.
// - The `user` change of migration 016 is also announced when what a user may see changes
//   (role, account, permissions, subscription level, employee flag), so every node ends that
//   user's open streams; the next one is opened with a token checked again.
// - Deleting (or unpublishing) news announces which items went, so open streams drop their
//   notifications at once ("<schema> notification-withdrawn <id>,<id>…", or "*" for more
//   than 200 in one statement: then each stream re-reads its count).
// - Open streams hold a lease per stream, renewed by their node; the per-user cap counts the
//   live leases of every node. A node that dies leaves leases that lapse within a minute.
export const sql = /* sql */ `
alter table notification_stream_tickets
  add column issued_s bigint,
  add column issued_ms bigint;

create or replace function portico_notify_user_changed() returns trigger language plpgsql as $fn$
begin
  if tg_op = 'DELETE' then
    perform pg_notify('portico_changes', tg_table_schema || ' user ' || old.id);
  elsif (old.status, old.tokens_valid_after, old.role, old.account_id, old.permissions,
         old.subscription_level, old.unit4_employee)
     is distinct from (new.status, new.tokens_valid_after, new.role, new.account_id,
         new.permissions, new.subscription_level, new.unit4_employee) then
    perform pg_notify('portico_changes', tg_table_schema || ' user ' || new.id);
  end if;
  return null;
end
$fn$;

create function portico_notify_news_withdrawn() returns trigger language plpgsql as $fn$
declare
  ids text;
begin
  select case when count(*) <= 200 then string_agg(id::text, ',') else '*' end into ids from gone;
  if ids is not null then
    perform pg_notify('portico_changes', tg_table_schema || ' notification-withdrawn ' || ids);
  end if;
  return null;
end
$fn$;
create trigger news_withdrawn after delete on news
  referencing old table as gone for each statement
  execute function portico_notify_news_withdrawn();

create table notification_stream_leases (
  id bigint generated always as identity primary key,
  user_id text not null references users (id) on delete cascade,
  expires_at timestamptz not null
);
create index notification_stream_leases_user_idx on notification_stream_leases (user_id, expires_at);
create index notification_stream_leases_expires_idx on notification_stream_leases (expires_at);
`;
