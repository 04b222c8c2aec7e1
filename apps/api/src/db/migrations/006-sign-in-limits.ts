// Sign-in rate limit as reservations (docs/decisions/0014-sign-in-under-attack.md): one row per
// limited key ('ip:<address>' or 'account:<sha-256 of the lower-cased e-mail>') with the start
// of its window and the attempts reserved in it. An attempt is reserved by one atomic upsert
// BEFORE the password is hashed, so parallel attempts cannot all pass a check that only counts
// finished ones (the check-then-act race of sign_in_failures, which this replaces).
export const sql = /* sql */ `
create table sign_in_limits (
  key text primary key,
  window_start timestamptz not null default now(),
  attempts integer not null default 0 check (attempts >= 0)
);
create index sign_in_limits_window_idx on sign_in_limits (window_start);

drop table if exists sign_in_failures;
`;
