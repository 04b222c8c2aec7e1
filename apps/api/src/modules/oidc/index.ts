// modules/oidc (§4): the embedded OpenID Connect provider, its sign-in and consent pages.
// Its plugin mounts it (none when OIDC_ISSUER names an external provider).
export { oidcPlugin, type EmbeddedOidc } from './oidc.plugin.js';
// Keys: the tokens' algorithm (plugins/auth) and the keys sealed at start-up.
export { loadCookieKeys, loadSigningKeys, SIGNING_ALG } from './oidc-keys.js';
