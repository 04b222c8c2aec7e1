// Issue 23, item 4 (docs/decisions/0014, addendum 2): the client addresses an account signed
// in from, so that a person coming back from one of them is not slowed by strangers' failures
// at their account. Keyed by a digest of (account, address): neither is stored as typed.
export const sql = /* sql */ `
create table sign_in_known_addresses (
  key text primary key,
  last_seen timestamptz not null
);
create index sign_in_known_addresses_last_seen_idx on sign_in_known_addresses (last_seen);
`;
