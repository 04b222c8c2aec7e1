import type { Env } from '../config/env.js';
import { loadKeyEncryptionKey } from '../lib/key-encryption.js';
import { loadCookieKeys, loadSigningKeys } from '../modules/oidc/oidc-keys.js';
import { loadDeskSecret } from '../modules/support-desk/desk-session.js';
import { unsubscribeKey } from '../modules/subscriptions/unsubscribe-token.js';
import type { Queryable } from './db.js';

/**
 * Every secret the server keeps in the database, loaded once at start-up (after the
 * migrations): one stored in clear by an older version is encrypted in place, a missing one is
 * made encrypted, and a key-encryption key that does not fit stops the start with a clear
 * error instead of a node that fails later (ADR 0060). Safe when several nodes start at once.
 */
export async function sealSecretsAtRest(db: Queryable, env: Env): Promise<void> {
  const key = loadKeyEncryptionKey(env.OIDC_KEY_ENCRYPTION_KEY, env.DATA_DIR);
  // The provider's keys only matter with the embedded provider; its cookie keys are sealed
  // even when OIDC_COOKIE_KEYS replaces them, a row kept from before included.
  if (!env.OIDC_ISSUER) await loadSigningKeys(db, key);
  await loadCookieKeys(db, undefined, key);
  await loadDeskSecret(db, key);
  await unsubscribeKey(db, key);
}
