// Cloud services and invoices (issue 14, §1/§3): the account's cloud instances and their
// environments, maintenance windows, release schedules per product, cloud notifications,
// monthly availability and response-time metrics; invoices with their lines and the billing
// address printed on them. Every row hangs off an account (directly or via its instance), so
// every read is scoped by account_id (docs/decisions/0023, 0024).
export const sql = /* sql */ `
create table cloud_instances (
  id text primary key,
  account_id text not null references accounts (id) on delete cascade,
  product_id text not null references products (id),
  name text not null,
  region text not null,
  version text not null,
  status text not null check (status in ('OPERATIONAL', 'DEGRADED', 'MAINTENANCE', 'OUTAGE')),
  url text not null,
  sla_percent numeric(6, 3) not null check (sla_percent > 0 and sla_percent <= 100),
  sort_order int not null default 0
);
create index cloud_instances_account_idx on cloud_instances (account_id, sort_order, id);

create table cloud_environments (
  id text primary key,
  instance_id text not null references cloud_instances (id) on delete cascade,
  name text not null,
  kind text not null check (kind in ('PRODUCTION', 'ACCEPTANCE', 'TEST', 'DEVELOPMENT', 'TRAINING')),
  version text not null,
  url text not null,
  last_refresh_at timestamptz,
  sort_order int not null default 0
);
create index cloud_environments_instance_idx on cloud_environments (instance_id, sort_order);

create table cloud_maintenance_windows (
  id text primary key,
  instance_id text not null references cloud_instances (id) on delete cascade,
  environments text[] not null default '{}',
  title text not null,
  description text not null default '',
  impact text not null check (impact in ('NO_DOWNTIME', 'DEGRADED', 'DOWNTIME')),
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  check (ends_at > starts_at)
);
create index cloud_maintenance_instance_idx on cloud_maintenance_windows (instance_id, starts_at);

create table cloud_releases (
  id text primary key,
  product_id text not null references products (id),
  version text not null,
  name text not null,
  unique (product_id, version)
);

create table cloud_release_milestones (
  release_id text not null references cloud_releases (id) on delete cascade,
  environment text not null check (environment in ('PRODUCTION', 'ACCEPTANCE', 'TEST', 'DEVELOPMENT', 'TRAINING')),
  scheduled_on date not null,
  primary key (release_id, environment)
);

create table cloud_notifications (
  id text primary key,
  instance_id text not null references cloud_instances (id) on delete cascade,
  kind text not null check (kind in ('INCIDENT', 'MAINTENANCE')),
  severity text not null check (severity in ('INFORMATION', 'WARNING', 'CRITICAL')),
  title text not null,
  body text not null,
  published_at timestamptz not null,
  resolved_at timestamptz
);
create index cloud_notifications_instance_idx on cloud_notifications (instance_id, published_at desc);

-- One row per instance and calendar month (the first day of the month, UTC).
create table cloud_monthly_metrics (
  instance_id text not null references cloud_instances (id) on delete cascade,
  month date not null check (extract(day from month) = 1),
  availability_percent numeric(7, 4) not null check (availability_percent between 0 and 100),
  downtime_minutes int not null check (downtime_minutes >= 0),
  response_p50_ms int not null check (response_p50_ms >= 0),
  response_p95_ms int not null check (response_p95_ms >= 0),
  requests bigint not null check (requests >= 0),
  primary key (instance_id, month)
);

create table billing_addresses (
  account_id text primary key references accounts (id) on delete cascade,
  street text not null,
  postal_code text not null,
  city text not null,
  country text not null,
  vat_number text
);

-- Amounts in minor units (cents) so sums and sorts are exact. The status is stored as what
-- happened (paid or not, direct debit or not); OVERDUE is derived from due_on at read time.
create table invoices (
  id bigint generated always as identity primary key,
  account_id text not null references accounts (id) on delete cascade,
  number text not null unique,
  issued_on date not null,
  due_on date not null,
  uploaded_at timestamptz not null,
  currency char(3) not null,
  net_minor bigint not null,
  vat_minor bigint not null,
  amount_minor bigint not null,
  direct_debit boolean not null default false,
  paid_at timestamptz,
  check (amount_minor = net_minor + vat_minor),
  check (due_on >= issued_on)
);
-- One index per §9 sort, each led by the account so a page is a short index range scan.
-- The status sort reads unpaid then paid invoices, each by due date (ADR 0024).
create index invoices_account_uploaded_idx on invoices (account_id, uploaded_at, id);
create index invoices_account_amount_idx on invoices (account_id, amount_minor, id);
-- Invoice numbers sort by code point ("C"), the same on every server whatever its locale.
create index invoices_account_number_idx on invoices (account_id, number collate "C");
create index invoices_account_due_idx on invoices (account_id, due_on, id);
create index invoices_account_issued_idx on invoices (account_id, issued_on, id);
create index invoices_unpaid_due_idx on invoices (account_id, due_on, id) where paid_at is null;
create index invoices_paid_due_idx on invoices (account_id, due_on, id) where paid_at is not null;

create table invoice_lines (
  invoice_id bigint not null references invoices (id) on delete cascade,
  position int not null,
  description text not null,
  quantity numeric(12, 2) not null,
  unit_price_minor bigint not null,
  amount_minor bigint not null,
  primary key (invoice_id, position)
);
`;
