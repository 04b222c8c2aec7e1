// Read caches of every instance learn of changes from the database itself (ADR 0043): a
// trigger sends a notification on channel `portico_changes` whenever what a cache holds may
// have changed, whoever wrote it (the API, a job, a seed, an operator's SQL). NOTIFY is
// transactional: listeners hear it on commit, never for a rolled-back write. The payload
// starts with the schema, so instances on other schemas of one database ignore it.
export const sql = /* sql */ `
create function portico_notify_news_changed() returns trigger language plpgsql as $fn$
begin
  perform pg_notify('portico_changes', tg_table_schema || ' news');
  return null;
end
$fn$;
create trigger news_changed after insert or update or delete or truncate on news
  for each statement execute function portico_notify_news_changed();

-- What a bearer token's check reads (ADR 0027): the user's status and tokens_valid_after.
create function portico_notify_user_changed() returns trigger language plpgsql as $fn$
begin
  if tg_op = 'DELETE' then
    perform pg_notify('portico_changes', tg_table_schema || ' user ' || old.id);
  elsif old.status is distinct from new.status
     or old.tokens_valid_after is distinct from new.tokens_valid_after then
    perform pg_notify('portico_changes', tg_table_schema || ' user ' || new.id);
  end if;
  return null;
end
$fn$;
create trigger users_token_state_changed after update or delete on users
  for each row execute function portico_notify_user_changed();
`;
