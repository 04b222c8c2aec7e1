// The zod-free part of the contracts: this is on the start-up path (ADR 0047).
import { PROBLEM_TYPES } from '@portico/contracts/values';
import { paths } from '../../config/paths.js';
import { local } from '../storage/storage.js';
import { browserRedirect } from './browser-redirect.js';
import { ACCESS_TOKEN_KEY, getIdToken } from './tokens.js';

/**
 * ADR 0029: the API answers 403 with the problem type `identity-not-linked` (ADR 0065) when the external provider's
 * identity has no active Portico user. Signing in again would bring the same identity back,
 * so instead the app forgets the access token (nothing else is asked for with it) and opens
 * the refusal page. The id token stays: sign-out there ends the provider session with it.
 */
export function isIdentityRefusal(status: number, body: unknown): boolean {
  return (
    status === 403 &&
    typeof body === 'object' &&
    body !== null &&
    'type' in body &&
    body.type === PROBLEM_TYPES.identityNotLinked
  );
}

let leaving = false;

/** Opens the refusal page (once, however many requests were refused at the same time). */
export function showIdentityRefusal(): void {
  local.remove(ACCESS_TOKEN_KEY);
  if (leaving || window.location.pathname === paths.identityRefused()) return;
  leaving = true;
  // A new document: every query and timer of the refused session goes with the old one.
  browserRedirect.to(paths.identityRefused());
}

/**
 * True once this document is on its way to the refusal page. The access token is gone on
 * purpose then: a 401 for a request sent after that is no session to renew, and signing in
 * again would bring the same identity back, in a loop.
 */
export function leavingForIdentityRefusal(): boolean {
  return leaving;
}

/** The e-mail address the provider signed in (from the stored id token), if any. */
export function refusedEmail(): string | null {
  const payload = getIdToken()?.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const claims: unknown = JSON.parse(
      new TextDecoder().decode(Uint8Array.from(json, (c) => c.charCodeAt(0))),
    );
    if (typeof claims === 'object' && claims !== null && 'email' in claims) {
      return typeof claims.email === 'string' && claims.email !== '' ? claims.email : null;
    }
  } catch {
    // Not a readable token: the page does without the address.
  }
  return null;
}

/** Tests: allow another refusal in the same document. */
export function resetIdentityRefusal(): void {
  leaving = false;
}
