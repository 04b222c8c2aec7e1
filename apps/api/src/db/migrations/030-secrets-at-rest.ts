// Issue 34. Secrets at rest are encrypted with the key-encryption key (ADR 0060): the support
// desk's and the unsubscribe links' HMAC keys become JSON, like oidc_keys, so one loader keeps
// them as an encrypted envelope. A key stored in clear stays a JSON string until the first
// start of this version encrypts it in place (unchanged, so cookies and links stay valid).
export const sql = /* sql */ `
alter table support_desk_keys alter column secret type jsonb using to_jsonb(secret);
alter table unsubscribe_keys alter column secret type jsonb using to_jsonb(secret);
`;
