// Storage of the embedded OpenID Connect provider (plugins/oidc.ts), so that API nodes keep no
// sign-in state in memory and a restart keeps sessions and tokens valid.
export const sql = /* sql */ `
-- Key material generated once: the RS256 signing key set and the cookie-signing keys.
-- One row per name; concurrent first starts race on the primary key and the loser re-reads.
create table oidc_keys (
  name text primary key,
  value jsonb not null,
  created_at timestamptz not null default now()
);

-- The provider's persistent models (Session, Interaction, AuthorizationCode, Grant, …).
create table oidc_payloads (
  model text not null,
  id text not null,
  payload jsonb not null,
  grant_id text,
  user_code text,
  uid text,
  expires_at timestamptz,
  consumed_at timestamptz,
  primary key (model, id)
);
create index oidc_payloads_grant_idx on oidc_payloads (grant_id) where grant_id is not null;
create index oidc_payloads_uid_idx on oidc_payloads (uid) where uid is not null;
create index oidc_payloads_user_code_idx on oidc_payloads (user_code) where user_code is not null;
create index oidc_payloads_expires_idx on oidc_payloads (expires_at) where expires_at is not null;

-- Failed sign-in attempts per client address (rate limiting shared by every API node).
create table sign_in_failures (
  ip text not null,
  failed_at timestamptz not null default now()
);
create index sign_in_failures_ip_idx on sign_in_failures (ip, failed_at);
`;
