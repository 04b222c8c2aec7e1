import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { z } from 'zod';
import { secretRow } from '../../lib/sealed-secrets.repository.js';
import type { Queryable } from '../../db/db.js';
import {
  loadSealedSecret,
  type EncryptionKeys,
  type KeyEncryptionKeySource,
  type SealOptions,
} from '../../lib/key-encryption.js';
import type { IssuedAt } from '../user-management/index.js';
import { DESK_PREFIX } from './desk-pages.js';
import {
  claimFrameToken,
  endDeskSession,
  forgetExpiredFrameTokens,
  forgetExpiredSessionEnds,
} from './services.repository.js';

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
  /** When the portal's bearer token that opened the desk was issued (checked like it). */
  issued: IssuedAt;
  /** The cookie's exp, epoch seconds. */
  expiresAt: number;
  /** The provider's grant behind the portal token: revoked, the session ends (ADR 0060). */
  grantId: string | undefined;
}

/** Who a frame token was issued to, and when and under which grant their portal token was. */
export interface FrameHolder {
  userId: string;
  issued: IssuedAt;
  /** The embedded provider's grant (absent for an external issuer's token). */
  grantId: string | undefined;
}

export interface DeskKeys {
  issueFrameToken(holder: FrameHolder): Promise<string>;
  /** The holder of a valid, unexpired, not yet used frame token (now used); null otherwise. */
  verifyFrameToken(token: string): Promise<FrameHolder | null>;
  /** A session cookie value; `sessionId` keeps an existing session (and its CSRF token). */
  issueSession(holder: FrameHolder, sessionId?: string): Promise<string>;
  /** The session of a validly signed, unexpired cookie (whether it still stands is not checked). */
  verifySession(cookie: string): Promise<DeskSession | null>;
  /** Ends the session on every instance (a portal sign-out). */
  endSession(session: DeskSession): Promise<void>;
  csrfToken(session: DeskSession): Promise<string>;
  checkCsrf(session: DeskSession, token: string | undefined): Promise<boolean>;
}

/**
 * The portal token's issue time as claims, `pat` (seconds) and `pat_ms` (ADR 0027), and its
 * grant, `gid` (ADR 0060).
 */
function holderClaims({ issued, grantId }: FrameHolder): JWTPayload {
  return {
    ...(issued.seconds === undefined ? {} : { pat: issued.seconds }),
    ...(issued.ms === undefined ? {} : { pat_ms: issued.ms }),
    ...(grantId === undefined ? {} : { gid: grantId }),
  };
}

function grantOf(payload: JWTPayload): string | undefined {
  return typeof payload.gid === 'string' ? payload.gid : undefined;
}

function issuedOf(payload: JWTPayload): IssuedAt {
  return {
    seconds: typeof payload.pat === 'number' ? payload.pat : undefined,
    ms: typeof payload.pat_ms === 'number' ? payload.pat_ms : undefined,
  };
}

/** The Set-Cookie value that removes the desk cookie (also sent by the provider's sign-out). */
export function clearedSessionCookie(secure: boolean): string {
  return `${SESSION_COOKIE}=; Path=${DESK_PREFIX}; Max-Age=0; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}

const HMAC_KEY = 'hmac';
const hmacSecret = z.string().min(43);

/**
 * The desk's signing key: one random secret kept in the database, encrypted with the
 * key-encryption key (ADR 0060), so every API node issues and accepts the same tokens and a
 * copy of the database forges none.
 */
export function loadDeskSecret(
  db: Queryable,
  encryptionKey: EncryptionKeys,
  options?: SealOptions,
): Promise<string> {
  return loadSealedSecret(
    secretRow(db, 'support_desk_keys', HMAC_KEY),
    encryptionKey,
    `support-desk-${HMAC_KEY}`,
    hmacSecret,
    () => randomBytes(32).toString('base64url'),
    options,
  );
}

/** The desk's tokens and cookies, signed with its key (loaded once per app, on first use). */
export function deskKeys(db: Queryable, encryptionKey: KeyEncryptionKeySource): DeskKeys {
  let pending: Promise<Uint8Array> | undefined;
  const key = (): Promise<Uint8Array> => {
    pending ??= Promise.resolve()
      .then(() => loadDeskSecret(db, encryptionKey()))
      .then((secret) => new Uint8Array(Buffer.from(secret, 'base64url')))
      .catch((error: unknown) => {
        pending = undefined;
        throw error;
      });
    return pending;
  };

  const sign = async (claims: JWTPayload, userId: string, audience: string, seconds: number) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: ALG })
      .setJti(randomUUID())
      .setIssuer(ISSUER)
      .setAudience(audience)
      .setSubject(userId)
      .setIssuedAt()
      .setExpirationTime(`${seconds}s`)
      .sign(await key());

  const verify = async (token: string, audience: string, seconds: number) => {
    try {
      const { payload } = await jwtVerify(token, await key(), {
        issuer: ISSUER,
        audience,
        algorithms: [ALG],
        // With maxTokenAge jose also refuses an iat in the future (beyond the tolerance).
        maxTokenAge: seconds,
        clockTolerance: 5,
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
    async issueFrameToken(holder) {
      await forgetExpiredFrameTokens(db);
      await forgetExpiredSessionEnds(db);
      return sign(holderClaims(holder), holder.userId, FRAME_AUDIENCE, FRAME_TOKEN_SECONDS);
    },
    async verifyFrameToken(token) {
      const payload = await verify(token, FRAME_AUDIENCE, FRAME_TOKEN_SECONDS);
      if (!payload?.sub || typeof payload.jti !== 'string' || typeof payload.exp !== 'number')
        return null;
      if (!(await claimFrameToken(db, payload.jti, payload.exp))) return null;
      return { userId: payload.sub, issued: issuedOf(payload), grantId: grantOf(payload) };
    },
    issueSession: (holder, sessionId = randomUUID()) =>
      sign(
        { sid: sessionId, ...holderClaims(holder) },
        holder.userId,
        SESSION_AUDIENCE,
        SESSION_SECONDS,
      ),
    async verifySession(cookie) {
      const payload = await verify(cookie, SESSION_AUDIENCE, SESSION_SECONDS);
      if (!payload?.sub || typeof payload.sid !== 'string' || typeof payload.exp !== 'number')
        return null;
      return {
        userId: payload.sub,
        sessionId: payload.sid,
        issued: issuedOf(payload),
        expiresAt: payload.exp,
        grantId: grantOf(payload),
      };
    },
    endSession: (session) => endDeskSession(db, session.sessionId, session.expiresAt),
    csrfToken: csrfOf,
    async checkCsrf(session, token) {
      if (!token) return false;
      const expected = Buffer.from(await csrfOf(session));
      const given = Buffer.from(token);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
