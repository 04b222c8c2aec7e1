import type { Env } from './env.js';

/** The OpenID Connect issuer: OIDC_ISSUER when external, else the embedded provider under /oidc. */
export function issuerOf(env: Env): string {
  return env.OIDC_ISSUER ?? `${env.PUBLIC_URL}/oidc`;
}
