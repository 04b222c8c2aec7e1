import { hasControlCharacters } from '@portico/contracts';
import type { Db, Queryable } from '../../db/db.js';
import {
  activatePendingUser,
  findLinkableUser,
  findLinkedUserId,
  findTokenState,
  insertIdentity,
  updateLastLogin,
} from './token-state.repository.js';

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

/** Reads what the rule needs about a token's user (the auth plugin puts a cache in front). */
export type TokenStateReader = typeof findTokenState;
/** The reader over the database, uncached. */
export const readTokenState: TokenStateReader = findTokenState;

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
  read: TokenStateReader = findTokenState,
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
  const linked = await findLinkedUserId(db, issuer, subject);
  if (linked) return linked;
  if (!claims.emailVerified || !claims.email || hasControlCharacters(claims.email)) return null;
  const email = claims.email;
  return db.transaction(async (tx) => {
    const user = await findLinkableUser(tx, email);
    if (!user) return null;
    await insertIdentity(tx, issuer, subject, user.id);
    if (user.status === 'Pending') await activatePendingUser(tx, user.id);
    return (await findLinkedUserId(tx, issuer, subject)) ?? null;
  });
}

/** A completed sign-in: the user's last sign-in time (the user list's column, §5). */
export async function recordSignIn(db: Queryable, userId: string): Promise<void> {
  await updateLastLogin(db, userId);
}
