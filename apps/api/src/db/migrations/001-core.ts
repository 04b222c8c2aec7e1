// Core schema: accounts and their vendor contacts, users, products, content, labels, news.
export const sql = /* sql */ `
create table vendor_contacts (
  id text primary key,
  name text not null,
  email text not null,
  phone_number text,
  mobile_phone_number text
);

create table accounts (
  id text primary key,
  name text not null,
  enterprise_customer_id text,
  dynamics_customer_id text,
  account_manager_id text references vendor_contacts (id),
  success_manager_id text references vendor_contacts (id)
);

create table users (
  id text primary key,
  email text not null,
  password_hash text not null,
  first_name text not null,
  last_name text not null,
  language text not null default 'en',
  subscription_level text,
  unit4_employee boolean not null default false,
  permissions text[] not null default '{}',
  account_id text not null references accounts (id),
  created_at timestamptz not null default now()
);
create unique index users_email_key on users (lower(email));
create index users_account_idx on users (account_id);

create table products (
  id text primary key,
  product_name text not null,
  slug text not null unique,
  content_id text not null unique
);

create table user_products (
  user_id text not null references users (id) on delete cascade,
  product_id text not null references products (id),
  primary key (user_id, product_id)
);

create table content_documents (
  id text primary key,
  title text not null,
  content text not null
);

create table labels (
  language text not null,
  key text not null,
  value text not null,
  primary key (language, key)
);

create table news (
  id bigint generated always as identity primary key,
  title text not null,
  subtitle text,
  location text,
  publication_date timestamptz not null,
  introduction text,
  content text not null,
  header_image_large text,
  header_image_medium text,
  header_image_small text,
  sales boolean not null default false,
  search tsvector generated always as (
    setweight(to_tsvector('english', coalesce(title, '')), 'A') ||
    setweight(to_tsvector('english', coalesce(subtitle, '')), 'B') ||
    setweight(to_tsvector('english', coalesce(introduction, '')), 'B') ||
    setweight(to_tsvector('english', coalesce(content, '')), 'C')
  ) stored
);
create index news_search_idx on news using gin (search);
create index news_publication_idx on news (publication_date desc, id desc);
`;
