// Live notifications (issue 24, ADR 0054): a new notification of a user, or a change of its
// read state, is announced on the change channel of migration 016, so the node holding that
// user's stream hears it on commit, whichever node or job wrote it. Payloads:
// "<schema> notification <user id>" (new rows: the stream sends those after its last id) and
// "<schema> notification-read <user id>" (the unread count changed). PostgreSQL sends one of
// equal payloads per transaction, so "mark all read" is one notification, not one per row.
// And the stream tickets (ADR 0054).
export const sql = /* sql */ `
create function portico_notify_notification_added() returns trigger language plpgsql as $fn$
begin
  perform pg_notify('portico_changes', tg_table_schema || ' notification ' || new.user_id);
  return null;
end
$fn$;
create trigger user_notifications_added after insert on user_notifications
  for each row execute function portico_notify_notification_added();

create function portico_notify_notification_read() returns trigger language plpgsql as $fn$
begin
  if old.read_at is distinct from new.read_at then
    perform pg_notify('portico_changes', tg_table_schema || ' notification-read ' || new.user_id);
  end if;
  return null;
end
$fn$;
create trigger user_notifications_read after update on user_notifications
  for each row execute function portico_notify_notification_read();

-- A browser's EventSource cannot send the bearer token, and the token must not ride in a URL:
-- the stream is opened with a ticket instead, issued for the bearer, spent on first use, valid
-- for a minute. Only its SHA-256 is kept; in the database, so any node may redeem it.
create table notification_stream_tickets (
  hash text primary key,
  user_id text not null references users (id) on delete cascade,
  expires_at timestamptz not null
);
create index notification_stream_tickets_expires_idx on notification_stream_tickets (expires_at);
`;
