// The built-in support desk (issue 5): support cases, the service catalogue, support portals,
// the people of each account to contact, partner → customer account links, and the key that
// signs the desk's frame tokens and sessions (docs/decisions/0005-support-desk-frames.md).
//
// support_cases and service_catalog_items are shared with the search count sources of
// 004-search-sources (issue 4), which may or may not have run first: they are created with
// that migration's shape when missing, then extended with what the desk needs.
export const sql = /* sql */ `
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

-- Case numbers look like CS0001234 (§3); the desk takes the next free one from here.
create sequence support_case_number_seq start with 1234;
alter table support_cases
  alter column number set default ('CS' || lpad(nextval('support_case_number_seq')::text, 7, '0')),
  alter column status set default 'New',
  add column created_by text references users (id) on delete set null,
  add column category text not null default 'Other',
  add column priority text not null default '3 - Moderate',
  add column updated_at timestamptz not null default now();
create index support_cases_account_updated_idx on support_cases (account_id, updated_at desc, id desc);

create table if not exists service_catalog_items (
  id bigint generated always as identity primary key,
  title text not null,
  description text not null default '',
  search tsvector generated always as (
    setweight(to_tsvector('english', title), 'A') ||
    setweight(to_tsvector('english', description), 'C')
  ) stored
);
alter table service_catalog_items
  add column category text not null default 'General',
  add column sort_order int not null default 0;

create table support_portals (
  id text primary key,
  name text not null,
  description text not null,
  url text not null,
  sort_order int not null default 0
);

create table account_contacts (
  id text primary key,
  account_id text not null references accounts (id) on delete cascade,
  name text not null,
  role text not null,
  email text not null,
  phone_number text,
  sort_order int not null default 0
);
create index account_contacts_account_idx on account_contacts (account_id, sort_order);

create table partner_customer_accounts (
  partner_account_id text not null references accounts (id) on delete cascade,
  customer_account_id text not null references accounts (id) on delete cascade,
  primary key (partner_account_id, customer_account_id),
  check (partner_account_id <> customer_account_id)
);

create table support_desk_keys (
  name text primary key,
  secret text not null,
  created_at timestamptz not null default now()
);
`;
