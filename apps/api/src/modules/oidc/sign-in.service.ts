import { hasControlCharacters } from '@portico/contracts';
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/db.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import {
  countRecentFailures,
  deleteOldFailures,
  findUserByEmail,
  recordFailure,
} from './oidc.repository.js';

/**
 * Rate limit of the sign-in form: at most MAX_FAILURES failed attempts per client address
 * within WINDOW_SECONDS; further attempts are refused without checking the password.
 * Counted in the database (not in memory) so the limit holds across API nodes and restarts
 * (ADR 0002).
 */
export const MAX_FAILURES = 5;
export const WINDOW_SECONDS = 5 * 60;

export type SignInResult =
  | { outcome: 'signed-in'; userId: string }
  | { outcome: 'invalid-credentials' }
  | { outcome: 'rate-limited' };

// A hash of a random password, verified when the e-mail is unknown so that an unknown
// account costs the same time as a wrong password (no account enumeration by timing).
let dummyHash: Promise<string> | undefined;
function getDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(32).toString('base64url'));
  return dummyHash;
}

/** Computes the dummy hash ahead of the first sign-in (it takes as long as one hash). */
export function warmUpSignIn(): void {
  void getDummyHash();
}

export async function signIn(
  db: Queryable,
  email: string,
  password: string,
  ip: string,
): Promise<SignInResult> {
  if ((await countRecentFailures(db, ip, WINDOW_SECONDS)) >= MAX_FAILURES)
    return { outcome: 'rate-limited' };

  // No account has such an address, and PostgreSQL text cannot even hold a NUL: an unknown
  // account, on the same path (dummy hash, counted failure) as any other.
  const user = hasControlCharacters(email) ? null : await findUserByEmail(db, email);
  const passwordMatches = await verifyPassword(
    password,
    user?.passwordHash ?? (await getDummyHash()),
  );
  // Inactive and Pending users cannot sign in (issue 15 §4), on the same path as a wrong password.
  if (user && passwordMatches && user.status === 'Active')
    return { outcome: 'signed-in', userId: user.id };

  // A successful sign-in does not reset the counter: otherwise anybody with one valid account
  // could interleave its sign-ins to keep guessing other people's passwords.
  await recordFailure(db, ip);
  await deleteOldFailures(db, WINDOW_SECONDS);
  return { outcome: 'invalid-credentials' };
}
