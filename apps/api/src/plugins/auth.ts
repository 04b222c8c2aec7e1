import { PROBLEM_TYPES } from '@portico/contracts';
import { ASYMMETRIC_JWT_ALGORITHMS } from '@portico/contracts/tokens';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors as joseErrors,
  jwtVerify,
  type JWTVerifyGetKey,
  type JWTVerifyOptions,
} from 'jose';
import { z } from 'zod';
import type { Env } from '../config/env.js';
import { bearerTokenOf } from '../lib/bearer-token.js';
import { problem, sendProblem } from '../lib/problem.js';
import { rootPlugin } from '../lib/root-plugin.js';
import { SIGNING_ALG } from '../modules/oidc/index.js';
import {
  linkedUserId,
  readTokenState as readUncachedTokenState,
  tokenState,
  type IssuedAt,
  type TokenStateReader,
} from '../modules/user-management/index.js';
import type { EmbeddedOidc } from '../modules/oidc/index.js';
import { withTokenCache } from './token-cache.js';
import type { TokenVerifier, VerifiedToken } from './verified-token.js';

const CLOCK_TOLERANCE_SECONDS = 30;
/**
 * How far a token's `iat` may lie ahead of our clock: a token "issued later" would outlive a
 * revocation made before that time (ADR 0027, addendum), so only clock skew is forgiven.
 */
export const MAX_IAT_SKEW_SECONDS = 5;

export const messages = {
  missing: 'A valid bearer token is required.',
  invalid: 'The bearer token is invalid or has expired.',
  unavailable: 'Sign-in is temporarily unavailable. Please try again later.',
  notLinked:
    'Your company account is not linked to an active Portico user. Ask your administrator for an invitation.',
} as const;

interface KeySource {
  getKey: JWTVerifyGetKey;
  options: JWTVerifyOptions;
}

/** The issuer could not be reached (discovery or key download): not the caller's fault. */
class KeySourceUnavailable extends Error {}

const discoveryDocument = z.object({ issuer: z.string().min(1), jwks_uri: z.url() });

/** Keys and expectations for tokens of an external issuer, from its discovery document. */
async function externalKeySource(issuer: string, audience: string): Promise<KeySource> {
  const address = `${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
  let document: z.infer<typeof discoveryDocument>;
  try {
    const response = await fetch(address, { signal: AbortSignal.timeout(10_000) });
    if (!response.ok) throw new Error(`${address} answered ${response.status}`);
    document = discoveryDocument.parse(await response.json());
  } catch (error) {
    throw new KeySourceUnavailable(`could not read the discovery document of ${issuer}`, {
      cause: error,
    });
  }
  return {
    getKey: createRemoteJWKSet(new URL(document.jwks_uri)),
    options: {
      issuer: [...new Set([issuer, document.issuer])],
      audience,
      algorithms: ASYMMETRIC_JWT_ALGORITHMS,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      requiredClaims: ['exp'],
    },
  };
}

/** Keys of the embedded provider, read in process (no HTTP round trip to ourselves). */
async function embeddedKeySource(embedded: EmbeddedOidc): Promise<KeySource> {
  return {
    getKey: createLocalJWKSet(await embedded.publicJwks()),
    options: {
      issuer: embedded.settings.issuer,
      audience: embedded.settings.audience,
      algorithms: [SIGNING_ALG],
      // Only access tokens: an id token (typ JWT) is not accepted in their place.
      typ: 'at+jwt',
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      requiredClaims: ['exp'],
    },
  };
}

/** Whether /api honours a token: its user, or why not (the hook answers 401, 403 or 503). */
type TokenCheck =
  | { userId: string; issued: IssuedAt; grantId: string | undefined }
  | { refusal: 'invalid' | 'not-linked' }
  | { refusal: 'unavailable'; error: unknown };

/**
 * Verifies bearer JWTs: signature (issuer's keys), issuer, audience, expiry (`exp` is
 * required: a token without one would never expire), algorithm. Rejects with a jose error for a bad token and with KeySourceUnavailable when the issuer
 * cannot be reached.
 */
export function createTokenVerifier(env: Env, embedded: EmbeddedOidc | null): TokenVerifier {
  let pending: Promise<KeySource> | undefined;
  const keySource = (): Promise<KeySource> => {
    pending ??= (
      env.OIDC_ISSUER
        ? externalKeySource(env.OIDC_ISSUER, env.OIDC_AUDIENCE ?? `${env.PUBLIC_URL}/api`)
        : embedded
          ? embeddedKeySource(embedded)
          : Promise.reject(new KeySourceUnavailable('no issuer configured'))
    ).catch((error: unknown) => {
      pending = undefined; // try again on the next request
      throw error;
    });
    return pending;
  };
  return async (token) => {
    const { getKey, options } = await keySource();
    const { payload } = await jwtVerify(token, getKey, options);
    if (typeof payload.sub !== 'string' || payload.sub === '') {
      throw new joseErrors.JWTClaimValidationFailed('missing subject', payload, 'sub', 'missing');
    }
    if (typeof payload.iat === 'number' && payload.iat > Date.now() / 1000 + MAX_IAT_SKEW_SECONDS) {
      throw new joseErrors.JWTClaimValidationFailed('issued in the future', payload, 'iat');
    }
    const email = typeof payload.email === 'string' ? payload.email : undefined;
    return {
      userId: payload.sub,
      ...(typeof payload.exp === 'number' ? { expiresAt: payload.exp * 1000 } : {}),
      ...(payload.iat === undefined ? {} : { issuedAt: payload.iat }),
      ...(typeof payload.iat_ms === 'number' && !env.OIDC_ISSUER
        ? { issuedAtMs: payload.iat_ms }
        : {}),
      ...(typeof payload.gid === 'string' && !env.OIDC_ISSUER ? { grantId: payload.gid } : {}),
      ...(env.OIDC_ISSUER && typeof payload.iss === 'string'
        ? {
            external: {
              issuer: payload.iss,
              ...(email ? { email } : {}),
              emailVerified: payload.email_verified === true,
            },
          }
        : {}),
    };
  };
}

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

function unauthorized(
  request: FastifyRequest,
  reply: FastifyReply,
  message: string,
  challenge: string,
): FastifyReply {
  reply.header('www-authenticate', challenge).header('cache-control', 'no-store');
  return sendProblem(reply, problem(401, message), request);
}

/**
 * A valid token of the external provider whose identity has no active Portico user: 403 with
 * a code of its own (ADR 0029). Not 401: signing in again would bring the same identity back.
 */
function notLinked(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  reply.header('cache-control', 'no-store');
  return sendProblem(
    reply,
    {
      type: PROBLEM_TYPES.identityNotLinked,
      title: 'No Portico user for this identity',
      status: 403,
      detail: messages.notLinked,
    },
    request,
  );
}

/**
 * Every /api route needs a valid bearer token unless its config says `{ public: true }`
 * (issue 2 §3); with `{ optionalAuth: true }` a request without one passes as anonymous. The verified subject becomes `request.caller`. Unknown /api paths are left to
 * the not-found handler (404), so a missing route is not reported as a missing token.
 */
export const authPlugin = rootPlugin('portico-auth', (app: FastifyInstance) => {
  const verify = withTokenCache(
    createTokenVerifier(app.env, app.hasDecorator('embeddedOidc') ? app.embeddedOidc : null),
  );

  // Only Active users are kept: anything else is read again, so a change can only ever
  // take access away late by a notification's delay, never grant it (ADR 0043).
  const readTokenState: TokenStateReader = (db, userId) =>
    app.readCaches.tokenState.get(
      userId,
      () => readUncachedTokenState(db, userId),
      (row) => row?.status === 'Active',
    );

  /**
   * Whether /api honours `token`, and for whom: the signature and claims, then the user an
   * external identity is linked to (ADR 0029), then the user's token state (ADR 0027).
   * Database errors propagate.
   */
  const checkToken = async (token: string): Promise<TokenCheck> => {
    let verified: VerifiedToken;
    try {
      verified = await verify(token);
    } catch (error) {
      if (error instanceof joseErrors.JOSEError && !(error instanceof joseErrors.JWKSTimeout))
        return { refusal: 'invalid' };
      return { refusal: 'unavailable', error };
    }
    const userId = verified.external
      ? await linkedUserId(app.db, verified.external.issuer, verified.userId, verified.external)
      : verified.userId;
    if (userId === null) return { refusal: 'not-linked' };
    // Deactivated, deleted or revoked since the token was issued (ADR 0027).
    const issued: IssuedAt = { seconds: verified.issuedAt, ms: verified.issuedAtMs };
    const state = await tokenState(app.db, userId, issued, readTokenState);
    if (state === 'inactive' && verified.external) return { refusal: 'not-linked' };
    return state === 'valid'
      ? { userId, issued, grantId: verified.grantId }
      : { refusal: 'invalid' };
  };

  // The same check for a token that arrives another way (the first paint's cookie, ADR 0044):
  // the user's id when the token would be honoured on /api, else null. Never throws.
  app.decorate('honouredUserOf', async (token: string): Promise<string | null> => {
    try {
      const check = await checkToken(token);
      return 'userId' in check ? check.userId : null;
    } catch {
      return null;
    }
  });

  app.addHook('onRequest', async (request, reply) => {
    if (!isApiPath(request.url) || request.is404 || request.routeOptions.config.public === true)
      return;

    const token = bearerTokenOf(request.headers.authorization);
    if (!token) {
      if (request.routeOptions.config.optionalAuth === true) return;
      return unauthorized(request, reply, messages.missing, 'Bearer');
    }
    const check = await checkToken(token);
    if ('userId' in check) {
      request.caller = {
        userId: check.userId,
        issued: check.issued,
        ...(check.grantId === undefined ? {} : { grantId: check.grantId }),
      };
      return;
    }
    switch (check.refusal) {
      case 'invalid':
        return unauthorized(request, reply, messages.invalid, 'Bearer error="invalid_token"');
      case 'not-linked':
        return notLinked(request, reply);
      case 'unavailable':
        request.log.error(check.error, 'bearer token could not be verified');
        reply.header('retry-after', '30');
        return sendProblem(reply, problem(503, messages.unavailable), request);
    }
  });
  return Promise.resolve();
});
