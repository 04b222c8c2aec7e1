// Tables of the built-in search count sources (issue 4, spec §3 Combined search counts,
// Support search counts, University search): product content, community posts, knowledge
// articles, support cases, service-catalogue items and university courses. Each carries a
// generated English tsvector with a GIN index, like news in 001-core. support_cases and
// service_catalog_items are shared with the support desk (005, issue 5), hence "if not exists".
export const sql = /* sql */ `
create table product_content (
  id bigint generated always as identity primary key,
  product_id text not null references products (id),
  kind text not null check (kind in ('documentation', 'software', 'news')),
  title text not null,
  body text not null default '',
  published_at timestamptz not null default now(),
  search tsvector generated always as (
    setweight(to_tsvector('english', title), 'A') ||
    setweight(to_tsvector('english', body), 'C')
  ) stored
);
create index product_content_search_idx on product_content using gin (search);
create index product_content_product_idx on product_content (product_id, kind);

create table community_posts (
  id bigint generated always as identity primary key,
  title text not null,
  body text not null default '',
  author text not null,
  posted_at timestamptz not null default now(),
  search tsvector generated always as (
    setweight(to_tsvector('english', title), 'A') ||
    setweight(to_tsvector('english', body), 'C')
  ) stored
);
create index community_posts_search_idx on community_posts using gin (search);

-- account_id null: published to every account; otherwise visible to that account only.
create table knowledge_articles (
  id bigint generated always as identity primary key,
  number text not null unique,
  account_id text references accounts (id),
  title text not null,
  body text not null default '',
  search tsvector generated always as (
    setweight(to_tsvector('english', title), 'A') ||
    setweight(to_tsvector('english', body), 'C')
  ) stored
);
create index knowledge_articles_search_idx on knowledge_articles using gin (search);
create index knowledge_articles_account_idx on knowledge_articles (account_id);

create table if not exists support_cases (
  id bigint generated always as identity primary key,
  number text not null unique,
  account_id text not null references accounts (id),
  title text not null,
  description text not null default '',
  status text not null default 'Open',
  opened_at timestamptz not null default now(),
  search tsvector generated always as (
    setweight(to_tsvector('english', title), 'A') ||
    setweight(to_tsvector('english', description), 'C')
  ) stored
);
create index if not exists support_cases_search_idx on support_cases using gin (search);
create index if not exists support_cases_account_idx on support_cases (account_id);

create table if not exists service_catalog_items (
  id bigint generated always as identity primary key,
  title text not null,
  description text not null default '',
  search tsvector generated always as (
    setweight(to_tsvector('english', title), 'A') ||
    setweight(to_tsvector('english', description), 'C')
  ) stored
);
create index if not exists service_catalog_items_search_idx on service_catalog_items using gin (search);

create table university_courses (
  id bigint generated always as identity primary key,
  title text not null,
  description text not null default '',
  duration_minutes integer not null default 60,
  search tsvector generated always as (
    setweight(to_tsvector('english', title), 'A') ||
    setweight(to_tsvector('english', description), 'C')
  ) stored
);
create index university_courses_search_idx on university_courses using gin (search);
`;
