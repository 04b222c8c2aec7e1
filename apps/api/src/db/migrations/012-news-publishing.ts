// News publishing (issue 12, ADR 0032). `news` keeps holding only LIVE items, so the /news
// list, its trigger-kept news_count and its indexes stay as they are (ADR 0004, 0022). The
// editorial record of an item lives here, under the SAME id as its live row (taken from the
// news identity when the item is created): publishing inserts or updates `news` with that id,
// unpublishing deletes the live row and keeps this one.
export const sql = /* sql */ `
create table news_editorial (
  id bigint primary key,
  status text not null check (status in ('draft', 'scheduled', 'published', 'unpublished')),
  title text not null,
  subtitle text not null default '',
  location text not null default '',
  publication_date timestamptz not null,
  introduction text not null default '',
  -- Sanitised with the one allow-list (ADR 0019) before it is stored.
  content text not null,
  header_image_large text,
  header_image_medium text,
  header_image_small text,
  sales boolean not null default false,
  -- Product news targets; written to news_products (migration 010) while the item is live.
  product_ids text[] not null default '{}',
  author_id text references users (id) on delete set null,
  author_name text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- The news.published event was enqueued (once per item, never again on re-publishing).
  announced_at timestamptz,
  version integer not null default 1
);
create index news_editorial_updated_idx on news_editorial (updated_at desc, id desc);

-- Uploaded header images, resized on upload into the three §2 variants (WebP). In the
-- database, not on a disk, so every API node serves every image. Served by an unguessable
-- key (/media/news-images/<key>-<size>.webp), not the id: a draft's picture stays private.
create table news_images (
  id bigint generated always as identity primary key,
  key text not null unique,
  uploaded_by text references users (id) on delete set null,
  created_at timestamptz not null default now(),
  large bytea not null,
  medium bytea not null,
  small bytea not null
);
`;
