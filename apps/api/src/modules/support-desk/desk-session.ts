import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { Queryable } from '../../db/db.js';
import {
  claimFrameToken,
  forgetExpiredFrameTokens,
  loadOrCreateDeskKey,
} from './support-desk.repository.js';

// How the framed desk knows its caller (docs/decisions/0005-support-desk-frames.md): the SPA
// asks GET /api/support/frame-token (bearer) for a short-lived frame token and puts it in the
// frame address (?t=…); the desk swaps it for an HttpOnly, SameSite=Strict session cookie
// and redirects to the same address without it. A frame token works once: its id (jti) is
// recorded in the database on first use, so a token copied from a log or a history entry
// cannot be replayed, on this instance or another. Forms carry a CSRF token derived from the
// session id.

export const FRAME_TOKEN_SECONDS = 10 * 60;
export const SESSION_SECONDS = 60 * 60;
export const SESSION_COOKIE = 'portico_desk';

const ALG = 'HS256';
const ISSUER = 'portico-api';
const FRAME_AUDIENCE = 'portico-support-desk-frame';
const SESSION_AUDIENCE = 'portico-support-desk-session';

export interface DeskSession {
  userId: string;
  /** Random per session; the CSRF token is derived from it. */
  sessionId: string;
}

export interface DeskKeys {
  issueFrameToken(userId: string): Promise<string>;
  /** The user id of a valid, unexpired, not yet used frame token (now used); null otherwise. */
  verifyFrameToken(token: string): Promise<string | null>;
  /** A session cookie value; `sessionId` keeps an existing session (and its CSRF token). */
  issueSession(userId: string, sessionId?: string): Promise<string>;
  verifySession(cookie: string): Promise<DeskSession | null>;
  csrfToken(session: DeskSession): Promise<string>;
  checkCsrf(session: DeskSession, token: string | undefined): Promise<boolean>;
}

/**
 * The desk's signing key: one random secret kept in the database, so every API node issues
 * and accepts the same tokens; loaded once per app, on first use.
 */
export function deskKeys(db: Queryable): DeskKeys {
  let pending: Promise<Uint8Array> | undefined;
  const key = (): Promise<Uint8Array> => {
    pending ??= loadOrCreateDeskKey(db, 'hmac', randomBytes(32).toString('base64url'))
      .then((secret) => new Uint8Array(Buffer.from(secret, 'base64url')))
      .catch((error: unknown) => {
        pending = undefined;
        throw error;
      });
    return pending;
  };

  const sign = async (
    claims: Record<string, string>,
    userId: string,
    audience: string,
    seconds: number,
  ) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: ALG })
      .setJti(randomUUID())
      .setIssuer(ISSUER)
      .setAudience(audience)
      .setSubject(userId)
      .setIssuedAt()
      .setExpirationTime(`${seconds}s`)
      .sign(await key());

  const verify = async (token: string, audience: string) => {
    try {
      const { payload } = await jwtVerify(token, await key(), {
        issuer: ISSUER,
        audience,
        algorithms: [ALG],
      });
      return typeof payload.sub === 'string' && payload.sub !== '' ? payload : null;
    } catch {
      return null;
    }
  };

  const csrfOf = async (session: DeskSession): Promise<string> =>
    createHmac('sha256', await key())
      .update(`csrf:${session.sessionId}`)
      .digest('base64url');

  return {
    async issueFrameToken(userId) {
      await forgetExpiredFrameTokens(db);
      return sign({}, userId, FRAME_AUDIENCE, FRAME_TOKEN_SECONDS);
    },
    async verifyFrameToken(token) {
      const payload = await verify(token, FRAME_AUDIENCE);
      if (!payload?.sub || typeof payload.jti !== 'string' || typeof payload.exp !== 'number')
        return null;
      return (await claimFrameToken(db, payload.jti, payload.exp)) ? payload.sub : null;
    },
    issueSession: (userId, sessionId = randomUUID()) =>
      sign({ sid: sessionId }, userId, SESSION_AUDIENCE, SESSION_SECONDS),
    async verifySession(cookie) {
      const payload = await verify(cookie, SESSION_AUDIENCE);
      if (!payload?.sub || typeof payload.sid !== 'string') return null;
      return { userId: payload.sub, sessionId: payload.sid };
    },
    csrfToken: csrfOf,
    async checkCsrf(session, token) {
      if (!token) return false;
      const expected = Buffer.from(await csrfOf(session));
      const given = Buffer.from(token);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
