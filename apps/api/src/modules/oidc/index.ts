// modules/oidc (§4): the embedded OpenID Connect provider, its sign-in and consent pages.
// plugins/oidc mounts it (none when OIDC_ISSUER names an external provider).
export { HashQueue } from './hash-queue.js';
export { interactionRoutes } from './interaction.routes.js';
export {
  createOidcProvider,
  OIDC_PREFIX,
  oidcSettings,
  portalOrigins,
  type EmbeddedProvider,
  type OidcSettings,
} from './oidc-provider.js';
export { warmUpSignIn } from './sign-in.service.js';
export { SlowLane } from './slow-lane.js';
// Keys: the tokens' algorithm (plugins/auth) and the keys sealed at start-up.
export { loadCookieKeys, loadSigningKeys, SIGNING_ALG } from './oidc-keys.js';
