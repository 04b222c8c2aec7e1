import type { UserStatus } from '@portico/contracts';
import { firstRow, rowBy, valueBy, hasRowBy, writeBy, type Queryable } from '../../db/db.js';

// SQL of the token rule (ADR 0027, 0029): a token's user, revocation, sign-ins, and the
// external provider identities linked to a user.

/** Ends the embedded provider's sessions and grants of a user (tokens stop at their next call). */
export const deleteProviderState = writeBy(
  `delete from oidc_payloads where payload->>'accountId' = $1
      or grant_id in (select id from oidc_payloads where model = 'Grant' and payload->>'accountId' = $1)`,
);

/** The token rule of ADR 0027: what the auth plugin needs about a token's user. */
export async function findTokenState(db: Queryable, userId: string) {
  return firstRow<{ status: UserStatus; tokens_valid_after: Date | string | null }>(
    db,
    'select status, tokens_valid_after from users where id = $1',
    [userId],
  );
}

export const updateLastLogin = writeBy('update users set last_login_at = now() where id = $1');

/** Sign out everywhere (ADR 0027): tokens issued until now stop working. False: no such user. */
export const revokeTokens = hasRowBy(
  'update users set tokens_valid_after = now() where id = $1 returning id',
);

/** The Portico user linked to an external provider's (issuer, subject), if any (ADR 0029). */
export const findLinkedUserId = valueBy<string, [issuer: string, subject: string]>(
  'select user_id from user_identities where issuer = $1 and subject = $2',
);

/** A user who may be linked by a verified e-mail: Active or Pending. */
export const findLinkableUser = rowBy<{ id: string; status: string }>(
  `select id, status from users where lower(email) = lower($1) and status in ('Active', 'Pending')`,
);

/** Links (issuer, subject) to the user; a pair linked meanwhile by another call stays as it is. */
export const insertIdentity = writeBy<[issuer: string, subject: string, userId: string]>(
  `insert into user_identities (issuer, subject, user_id) values ($1, $2, $3)
   on conflict (issuer, subject) do nothing`,
);

/** A Pending user's first sign-in accepts the invitation and makes the user Active. */
export async function activatePendingUser(db: Queryable, userId: string): Promise<void> {
  await db.query(
    `update user_invitations set accepted_at = now()
      where user_id = $1 and accepted_at is null and revoked_at is null`,
    [userId],
  );
  await db.query(
    `update users set status = 'Active', version = version + 1, updated_at = now() where id = $1`,
    [userId],
  );
}
