import type { Queryable } from '../../db/db.js';
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
  const state = await findTokenState(db, userId);
  if (!state || state.status !== 'Active') return false;
  if (state.tokens_valid_after === null) return true;
  if (issuedAt === undefined) return false;
  const revokedAtSecond = Math.floor(new Date(state.tokens_valid_after).getTime() / 1000);
  return issuedAt > revokedAtSecond;
}
