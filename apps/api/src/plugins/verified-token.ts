// What a bearer token check yields: its own file, so that auth.ts and token-cache.ts both
// import it and not each other.
export interface VerifiedToken {
  /** The token's subject (`sub`); our user id for the embedded provider. */
  userId: string;
  issuedAt?: number;
  /** The embedded provider's `iat_ms` claim: when in the second of `iat` (ADR 0027). */
  issuedAtMs?: number;
  /** The embedded provider's `gid` claim: the grant the token was issued under (ADR 0060). */
  grantId?: string;
  /** The token's exp in epoch ms (always set: exp is required). */
  expiresAt?: number;
  /** Set for tokens of an external issuer: its subject must be linked to a user (ADR 0029). */
  external?: { issuer: string; email?: string; emailVerified: boolean };
}
export type TokenVerifier = (token: string) => Promise<VerifiedToken>;
