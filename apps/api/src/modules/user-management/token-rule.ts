import { hasControlCharacters } from '@portico/contracts';
import type { Db, Queryable } from '../../db/db.js';
import { findTokenState } from './user-management.repository.js';

/** When a token was issued: `iat` (whole seconds) and, when the token carries it, `iat_ms`. */
export interface IssuedAt {
  seconds: number | undefined;
  /** The embedded provider's signed `iat_ms` claim (ADR 0027, addendum). */
  ms?: number | undefined;
}

/**
 * Whether a token issued at `issued` postdates a revocation at `revokedAt`. Whole seconds
 * decide when they differ; in the revocation's own second only a millisecond claim can tell
 * a sign-in after it from a token before it (without one the token is refused, as before).
 */
export function issuedAfter(revokedAt: Date | string, issued: IssuedAt): boolean {
  if (issued.seconds === undefined) return false;
  const revokedMs = new Date(revokedAt).getTime();
  const revokedSecond = Math.floor(revokedMs / 1000);
  if (issued.seconds !== revokedSecond) return issued.seconds > revokedSecond;
  const { ms } = issued;
  // The ms claim must agree with iat, so it cannot move a token out of its second.
  return ms !== undefined && Math.floor(ms / 1000) === issued.seconds && ms > revokedMs;
}

/**
 * ADR 0027: a bearer token is honoured only while its user exists and is Active, and only if
 * it was issued after the user's tokens were last revoked (deactivation, deletion, sign out
 * everywhere). One primary-key read per API call; the auth plugin calls it after verifying
 * the signature.
 */
export async function tokenStillValid(
  db: Queryable,
  userId: string,
  issued: IssuedAt,
): Promise<boolean> {
  return (await tokenState(db, userId, issued)) === 'valid';
}

/** The rule on a user row already read: status, then revocation. */
export function tokenStateOf(
  state: { status: string; tokens_valid_after: Date | string | null } | undefined,
  issued: IssuedAt,
): 'valid' | 'inactive' | 'revoked' {
  if (!state || state.status !== 'Active') return 'inactive';
  if (state.tokens_valid_after === null) return 'valid';
  return issuedAfter(state.tokens_valid_after, issued) ? 'valid' : 'revoked';
}

/**
 * Why a verified token is (not) honoured: 'inactive' (no such user, or not Active) or
 * 'revoked' (issued before the user's tokens were last revoked; a new sign-in helps).
 */
export async function tokenState(
  db: Queryable,
  userId: string,
  issued: IssuedAt,
  read: typeof findTokenState = findTokenState,
): Promise<'valid' | 'inactive' | 'revoked'> {
  return tokenStateOf(await read(db, userId), issued);
}

/**
 * ADR 0029: the Portico user of an external provider's (issuer, subject). On the first call
 * a token whose verified e-mail belongs to a Pending or Active user links the pair to that
 * user (a Pending user becomes Active: accepting the invitation). Null: no such user.
 */
export async function linkedUserId(
  db: Db,
  issuer: string,
  subject: string,
  claims: { email?: string; emailVerified: boolean },
): Promise<string | null> {
  const linked = await db.query<{ user_id: string }>(
    'select user_id from user_identities where issuer = $1 and subject = $2',
    [issuer, subject],
  );
  if (linked.rows[0]) return linked.rows[0].user_id;
  if (!claims.emailVerified || !claims.email || hasControlCharacters(claims.email)) return null;
  const email = claims.email;
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string; status: string }>(
      `select id, status from users where lower(email) = lower($1) and status in ('Active', 'Pending')`,
      [email],
    );
    const user = rows[0];
    if (!user) return null;
    await tx.query(
      `insert into user_identities (issuer, subject, user_id) values ($1, $2, $3)
       on conflict (issuer, subject) do nothing`,
      [issuer, subject, user.id],
    );
    if (user.status === 'Pending') {
      await tx.query(
        `update user_invitations set accepted_at = now()
          where user_id = $1 and accepted_at is null and revoked_at is null`,
        [user.id],
      );
      await tx.query(
        `update users set status = 'Active', version = version + 1, updated_at = now() where id = $1`,
        [user.id],
      );
    }
    const winner = await tx.query<{ user_id: string }>(
      'select user_id from user_identities where issuer = $1 and subject = $2',
      [issuer, subject],
    );
    return winner.rows[0]?.user_id ?? null;
  });
}
