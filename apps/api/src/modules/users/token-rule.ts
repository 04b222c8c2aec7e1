import { hasControlCharacters } from '@portico/contracts';
import type { Db, Queryable } from '../../db/db.js';
import { findTokenState } from './user-management.repository.js';

/**
 * ADR 0027: a bearer token is honoured only while its user exists and is Active, and only if
 * it was issued after the user's tokens were last revoked (deactivation, deletion). One
 * primary-key read per API call; the auth plugin calls it after verifying the signature.
 * `issuedAt` is the token's `iat` in seconds; revocation at 10:00:00.5 refuses every token
 * with iat ≤ 10:00:00 (iat has whole seconds).
 */
export async function tokenStillValid(
  db: Queryable,
  userId: string,
  issuedAt: number | undefined,
): Promise<boolean> {
  return (await tokenState(db, userId, issuedAt)) === 'valid';
}

/**
 * Why a verified token is (not) honoured: 'inactive' (no such user, or not Active) or
 * 'revoked' (issued before the user's tokens were last revoked; a new sign-in helps).
 */
export async function tokenState(
  db: Queryable,
  userId: string,
  issuedAt: number | undefined,
  read: typeof findTokenState = findTokenState,
): Promise<'valid' | 'inactive' | 'revoked'> {
  const state = await read(db, userId);
  if (!state || state.status !== 'Active') return 'inactive';
  if (state.tokens_valid_after === null) return 'valid';
  if (issuedAt === undefined) return 'revoked';
  const revokedAtSecond = Math.floor(new Date(state.tokens_valid_after).getTime() / 1000);
  return issuedAt > revokedAtSecond ? 'valid' : 'revoked';
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
