// Issue 24 "Faults" (docs/decisions/0053): a mail server that refuses an invitation for good
// (a 5xx answer) is recorded, shown to the administrator and not tried again. sent_at now
// means "the mail server accepted it".
export const sql = /* sql */ `
alter table user_invitations
  add column mail_failed_at timestamptz,
  add column mail_failure text;
`;
