// Saved searches (issue 38, ADR 0066): a user's query and product, and whether new results
// are told in the bell and by e-mail. checked_at is where the next check starts: items dated
// after it are new. One row per (user, query, product).
export const sql = /* sql */ `
create table saved_searches (
  id bigint generated always as identity primary key,
  user_id text not null references users (id) on delete cascade,
  query text not null,
  -- A product's contentId, '' for none (a unique key has no nulls).
  product_id text not null default '',
  notify_bell boolean not null default false,
  notify_email boolean not null default false,
  created_at timestamptz not null default now(),
  checked_at timestamptz not null default now(),
  unique (user_id, query, product_id)
);
create index saved_searches_user_idx on saved_searches (user_id, id);
-- The check job reads only the searches that tell someone something.
create index saved_searches_notified_idx on saved_searches (checked_at)
  where notify_bell or notify_email;
`;
