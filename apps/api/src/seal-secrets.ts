import type { Env } from './config/env.js';
import { loadKeyRing, type SealOptions } from './lib/key-encryption.js';
import { loadCookieKeys, loadSigningKeys } from './modules/oidc/index.js';
import { loadDeskSecret } from './modules/services/index.js';
import { unsubscribeKey } from './modules/my-settings/index.js';
import type { Queryable } from './db/db.js';

/**
 * Every secret the server keeps in the database, loaded once at start-up (after the
 * migrations): one stored in clear by an older version, or under a previous key-encryption
 * key, is encrypted in place under the current one, a missing one is made encrypted, and a key
 * that fits none stops the start with a clear error instead of a node that fails later
 * (ADR 0060). Safe when several nodes start at once (compare-and-set updates).
 */
export async function sealSecretsAtRest(db: Queryable, env: Env): Promise<void> {
  const keys = loadKeyRing(env);
  // Values under a key being rotated out are wrapped under the current one (ADR 0060).
  const reseal: SealOptions = { reseal: true };
  // The provider's keys only matter with the embedded provider; its cookie keys are sealed
  // even when OIDC_COOKIE_KEYS replaces them, a row kept from before included.
  if (!env.OIDC_ISSUER) await loadSigningKeys(db, keys, reseal);
  await loadCookieKeys(db, undefined, keys, reseal);
  await loadDeskSecret(db, keys, reseal);
  await unsubscribeKey(db, keys, reseal);
}
