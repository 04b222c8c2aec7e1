// A user's recent searches (issue 38, ADR 0066): what the header's search box offers while it
// is empty. One row per (user, query, product); searching again moves it to the top. Each user
// keeps the newest RECENT_SEARCHES_KEPT (search-history.repository.ts); a deleted user's go too.
export const sql = /* sql */ `
create table search_history (
  user_id text not null references users (id) on delete cascade,
  query text not null,
  -- '' when the search was not about one product (a primary key has no nulls).
  product_id text not null default '',
  searched_at timestamptz not null default now(),
  primary key (user_id, query, product_id)
);
create index search_history_recent_idx on search_history (user_id, searched_at desc);
`;
