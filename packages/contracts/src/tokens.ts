// What both apps accept of a token (zod-free: the web's sign-in callback imports it).

/**
 * Asymmetric JWS algorithms only: an unsigned ("none") or shared-secret (HMAC) token is never
 * accepted, from the embedded provider or an external one.
 */
export const ASYMMETRIC_JWT_ALGORITHMS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
  'Ed25519',
];
