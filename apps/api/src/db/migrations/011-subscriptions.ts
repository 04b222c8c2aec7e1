// E-mail subscriptions, deliveries, notifications and digests (issue 12; ADRs 0030, 0031).
export const sql = /* sql */ `
-- A user's choice per topic (and per product for the product topics; '' otherwise). A topic
-- without a row has its default (ADR 0030).
create table email_subscriptions (
  user_id text not null references users (id) on delete cascade,
  topic text not null check (topic in ('general-news', 'product-news', 'release-notes',
    'cloud-maintenance', 'support-cases', 'invoices')),
  product_content_id text not null default '',
  frequency text not null check (frequency in ('immediately', 'daily', 'weekly', 'off')),
  updated_at timestamptz not null default now(),
  primary key (user_id, topic, product_content_id)
);
-- Fan-out: the subscribers of a topic (and product) who want it.
create index email_subscriptions_topic_idx on email_subscriptions (topic, product_content_id)
  where frequency <> 'off';

-- One row per (user, item, channel): the unique key makes delivery idempotent (ADR 0031). The
-- e-mail channel's mode says how: 'immediately' (a mail of its own, queued with the row) or
-- 'daily'/'weekly' (waiting for its digest until sent_at). The notification channel is
-- user_notifications, unique per (user, source).
create table subscription_deliveries (
  user_id text not null references users (id) on delete cascade,
  item_type text not null,
  item_id text not null,
  channel text not null default 'email' check (channel in ('email')),
  mode text not null check (mode in ('immediately', 'daily', 'weekly')),
  -- The subscription that caused it (its unsubscribe link): topic, or topic:product.
  scope text not null,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  primary key (user_id, item_type, item_id, channel)
);
create index subscription_deliveries_pending_idx on subscription_deliveries (mode, user_id)
  where sent_at is null;

-- One digest run per frequency and period (a day, an ISO week): never two digests for one period.
create table digest_runs (
  frequency text not null check (frequency in ('daily', 'weekly')),
  period text not null,
  ran_at timestamptz not null default now(),
  primary key (frequency, period)
);

-- The notification centre: the §3 Notification shape, per user, with its read state.
create table user_notifications (
  id bigint generated always as identity primary key,
  user_id text not null references users (id) on delete cascade,
  -- What made it (e.g. news:12): one notification per user and source.
  source text not null,
  type text not null default 'information' check (type in ('error', 'information')),
  icon text,
  title text not null,
  content text not null,
  path text not null,
  link text not null,
  persistent boolean not null default false,
  created_at timestamptz not null default now(),
  read_at timestamptz,
  unique (user_id, source)
);
create index user_notifications_user_idx on user_notifications (user_id, id desc);
create index user_notifications_unread_idx on user_notifications (user_id) where read_at is null;

-- The key that signs unsubscribe links: made once, shared by every node (ADR 0031).
create table unsubscribe_keys (
  singleton boolean primary key default true check (singleton),
  secret text not null,
  created_at timestamptz not null default now()
);

-- The dev outbox keeps a message's extra headers (List-Unsubscribe …) too.
alter table mail_outbox add column headers jsonb;
`;
