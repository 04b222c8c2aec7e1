// Issue 23. Desk sessions ended by a portal sign-out (docs/decisions/0005, addendum): the
// session id of an ended desk cookie, kept until the cookie would have expired anyway, so a
// copy of the cookie stops working on every API instance.
// Sign-in limits per (address, account) and known clients (docs/decisions/0014, addendum):
// sign_in_limits gains keys of the form 'pair:…'; no schema change is needed for them.
export const sql = /* sql */ `
create table support_desk_session_ends (
  sid text primary key,
  expires_at timestamptz not null
);
create index support_desk_session_ends_expires_idx on support_desk_session_ends (expires_at);
`;
