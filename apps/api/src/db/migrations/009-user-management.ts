// User management (issue 15): account user fields, statuses, roles, optimistic versions,
// token revocation, invitations, external identities, the audit trail and the mail outbox.
// The job queue's tables are pg-boss's own (lib/jobs), installed by pg-boss at start-up.
export const sql = /* sql */ `
alter table accounts
  add column parent_account_id text references accounts (id),
  add column subscription_level text,
  add column licence_count integer not null default 50 check (licence_count >= 0);

update accounts a set subscription_level = (
  select max(u.subscription_level) from users u where u.account_id = a.id and not u.unit4_employee
);

alter table users
  add column username text not null default '',
  add column status text not null default 'Active' check (status in ('Active', 'Inactive', 'Pending')),
  add column role text not null default 'standard'
    check (role in ('administrator', 'point-manager', 'standard', 'read-only')),
  add column c4u_role text not null default 'none',
  add column billing_platform_role text not null default '',
  add column learning_role text not null default '',
  add column time_zone text not null default 'Europe/Oslo',
  add column address text not null default '',
  add column billing_address text not null default '',
  add column shipping_address text not null default '',
  add column city text not null default '',
  add column postal_code text not null default '',
  add column country text not null default '',
  add column phone text not null default '',
  add column mobile text not null default '',
  add column fax text not null default '',
  add column phone_extension text not null default '',
  add column hotline_code text not null default '',
  add column website text not null default '',
  add column last_login_at timestamptz,
  -- Tokens issued before this instant no longer work (deactivation, deletion): ADR 0027.
  add column tokens_valid_after timestamptz,
  add column version integer not null default 1,
  add column updated_at timestamptz not null default now(),
  -- A user who has not accepted their invitation has no password yet.
  alter column password_hash drop not null,
  add column search tsvector generated always as (
    to_tsvector('simple',
      coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' ||
      coalesce(email, '') || ' ' || translate(coalesce(email, ''), '@._-+', '     ') || ' ' ||
      coalesce(username, '') || ' ' || translate(coalesce(username, ''), '@._-+', '     '))
  ) stored;

update users set role = case
  when 'USERMANAGEMENT' = any(permissions) then 'administrator'
  when 'SUPPORT_SERVICE_NOW' = any(permissions) then 'point-manager'
  when 'SUPPORT' = any(permissions) then 'standard'
  else 'read-only' end;
-- The seeded point managers must stay unique per account before the index below.
update users u set role = 'standard' where role = 'point-manager' and exists (
  select 1 from users o where o.account_id = u.account_id and o.role = 'point-manager' and o.id < u.id);

create unique index users_username_key on users (lower(username)) where username <> '';
-- §5: at most one point manager per account, enforced by the database under concurrency.
create unique index users_point_manager_key on users (account_id) where role = 'point-manager';
-- The list: one account, sorted by name, last login or status, paged (ADR 0026).
create index users_account_name_idx on users (account_id, last_name, first_name, id);
create index users_account_login_idx on users (account_id, last_login_at, id);
create index users_account_status_idx on users (account_id, status, last_name, first_name, id);
create index users_search_idx on users using gin (search);
-- "Is this a vendor account?" (§6 learning roles) without reading the account's users.
create index users_employee_account_idx on users (account_id) where unit4_employee;
-- Licences in use (Active + Pending), counted from the index alone.
create index users_licence_idx on users (account_id) where status <> 'Inactive';

-- (issuer, subject) of an external identity provider → our user (issue 15, ADR 0029).
create table user_identities (
  issuer text not null,
  subject text not null,
  user_id text not null references users (id) on delete cascade,
  linked_at timestamptz not null default now(),
  primary key (issuer, subject)
);
create index user_identities_user_idx on user_identities (user_id);

-- One-time invitation links: only a hash of the token is kept.
create table user_invitations (
  id text primary key,
  user_id text not null references users (id) on delete cascade,
  token_hash text unique,
  created_by text,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  sent_at timestamptz,
  accepted_at timestamptz,
  revoked_at timestamptz
);
create index user_invitations_user_idx on user_invitations (user_id, created_at desc);

-- Who changed which user when; kept after the user is deleted.
create table user_audit (
  id bigint generated always as identity primary key,
  user_id text not null,
  account_id text not null,
  actor_id text,
  actor_name text not null,
  action text not null,
  changes jsonb not null default '{}',
  at timestamptz not null default now()
);
create index user_audit_user_idx on user_audit (user_id, id desc);

-- Mail that was not sent by SMTP (no SMTP_URL): the dev outbox (lib/mail).
create table mail_outbox (
  id bigint generated always as identity primary key,
  recipient text not null,
  subject text not null,
  text_body text not null,
  html_body text,
  created_at timestamptz not null default now()
);
`;
