import { firstRow, rowBy, valueBy, hasRowBy, writeBy, type Queryable } from '../../db/db.js';

export interface InvitationRow {
  id: string;
  user_id: string;
  expires_at: Date | string;
  accepted_at: Date | string | null;
  revoked_at: Date | string | null;
}

export async function insertInvitation(
  db: Queryable,
  row: { id: string; userId: string; createdBy: string; validDays: number },
): Promise<void> {
  await db.query(
    `insert into user_invitations (id, user_id, created_by, expires_at)
     values ($1, $2, $3, now() + make_interval(days => $4::integer))`,
    [row.id, row.userId, row.createdBy, row.validDays],
  );
}

/** Revokes every open invitation of the user; returns how many were open. */
export async function revokeInvitations(db: Queryable, userId: string): Promise<number> {
  const { rows } = await db.query(
    `update user_invitations set revoked_at = now()
      where user_id = $1 and accepted_at is null and revoked_at is null returning id`,
    [userId],
  );
  return rows.length;
}

export interface InvitationToSend {
  id: string;
  user_id: string;
  email: string;
  first_name: string;
  account_name: string;
  expires_at: Date | string;
  language: string;
  time_zone: string;
}

/** An invitation that may still be sent: open, not expired, its user still Pending. */
export const findInvitationToSend = rowBy<InvitationToSend>(
  `select i.id, i.user_id, u.email, u.first_name, a.name as account_name, i.expires_at,
          u.language, u.time_zone
     from user_invitations i
     join users u on u.id = i.user_id
     join accounts a on a.id = u.account_id
    where i.id = $1 and i.accepted_at is null and i.revoked_at is null
      and i.expires_at > now() and u.status = 'Pending'`,
);

export const setInvitationToken = writeBy<[id: string, tokenHash: string]>(
  'update user_invitations set token_hash = $2 where id = $1',
);

/** The mail server accepted the invitation (a retry after a refusal clears the refusal). */
export const markInvitationSent = writeBy(
  `update user_invitations set sent_at = now(), mail_failed_at = null, mail_failure = null
    where id = $1`,
);

/** The mail server refused the invitation for good (ADR 0053): recorded, not retried. */
export const markInvitationMailFailed = writeBy<[id: string, failure: string]>(
  'update user_invitations set mail_failed_at = now(), mail_failure = $2 where id = $1',
);

/** Where the mail of a user's open invitation stands; undefined without an open invitation. */
export const openInvitationMailStatus = valueBy<'queued' | 'sent' | 'failed'>(
  `select case when mail_failed_at is not null then 'failed'
               when sent_at is not null then 'sent' else 'queued' end as status
     from user_invitations
    where user_id = $1 and accepted_at is null and revoked_at is null
    order by created_at desc limit 1`,
);

export interface OpenInvitation {
  id: string;
  user_id: string;
  account_id: string;
  email: string;
  first_name: string;
  last_name: string;
  language: string;
}

/** The open invitation a token names (by its hash), for a user still Pending. */
export const findOpenInvitationByToken = rowBy<OpenInvitation>(
  `select i.id, i.user_id, u.account_id, u.email, u.first_name, u.last_name, u.language
     from user_invitations i join users u on u.id = i.user_id
    where i.token_hash = $1 and i.accepted_at is null and i.revoked_at is null
      and i.expires_at > now() and u.status = 'Pending'`,
);

/** Single use: only the first of two concurrent acceptances gets true. */
export const markAccepted = hasRowBy(
  `update user_invitations set accepted_at = now()
    where id = $1 and accepted_at is null and revoked_at is null and expires_at > now()
    returning id`,
);

export const activateInvitedUser = hasRowBy<[userId: string, passwordHash: string | null]>(
  `update users set status = 'Active', password_hash = coalesce($2, password_hash),
          version = version + 1, updated_at = now()
    where id = $1 and status = 'Pending' returning id`,
);

export async function latestInvitation(db: Queryable, userId: string) {
  return firstRow<{
    created_at: Date | string;
    expires_at: Date | string;
    sent_at: Date | string | null;
    accepted_at: Date | string | null;
    revoked_at: Date | string | null;
  }>(
    db,
    `select created_at, expires_at, sent_at, accepted_at, revoked_at from user_invitations
      where user_id = $1 order by created_at desc limit 1`,
    [userId],
  );
}
