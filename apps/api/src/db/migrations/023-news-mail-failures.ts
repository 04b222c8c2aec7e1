// Issue 24 "Faults" (docs/decisions/0053, addendum): a news or digest mail the mail server
// refuses for good (a 5xx answer), or that still fails on its last retry, is recorded on the
// subscriber's delivery row, so the news editor can show how many subscribers it missed.
export const sql = /* sql */ `
alter table subscription_deliveries
  add column mail_failed_at timestamptz,
  add column mail_failure text;
-- The editor counts an item's refused mails: only the few failed rows are indexed.
create index subscription_deliveries_mail_failed_idx
  on subscription_deliveries (item_type, item_id) where mail_failed_at is not null;
`;
