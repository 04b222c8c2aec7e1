// Support desk frame tokens are single-use (issue 11 §5): the first use of a token records its
// id (jti) here with the token's expiry; a second use finds the row and is refused. In the
// database, so the rule holds across API instances. Rows past their expiry are deleted when
// new frame tokens are issued (docs/decisions/0016-server-hardening.md).
export const sql = /* sql */ `
create table support_desk_frame_token_uses (
  jti text primary key,
  expires_at timestamptz not null
);
create index support_desk_frame_token_uses_expires_idx on support_desk_frame_token_uses (expires_at);
`;
