import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { errors, type InteractionResults } from 'oidc-provider';
import { z } from 'zod';
import { HashQueueFullError, type HashQueue } from './hash-queue.js';
import type { SlowLane } from './slow-lane.js';
import type { Derive } from '../../lib/password.js';
import { keyEncryptionKeySource } from '../../lib/key-encryption.js';
import { interactionPath, SCOPES, type OidcSettings } from './oidc-provider.js';
import {
  busyPage,
  LOGOUT_SCRIPT,
  LOGOUT_SCRIPT_PATH,
  messagePage,
  pageLanguage,
  pageTexts,
  signInPage,
  STYLESHEET,
  STYLESHEET_PATH,
  tooManyAttemptsPage,
  type PageTexts,
} from './oidc-pages.js';
import { recordSignIn } from '../user-management/index.js';
import { accountDigest, checkSignIn } from './sign-in.service.js';
import {
  isKnownDevice,
  KNOWN_DEVICE_COOKIE,
  KNOWN_DEVICE_SECONDS,
  knownDeviceValue,
} from './known-device.js';
import { loadCookieKeys } from './oidc-keys.js';

export interface InteractionRoutesOptions {
  getProvider: () => Promise<Provider>;
  settings: OidcSettings;
  /** Bounds the password hashes of this instance. */
  hashQueue: HashQueue;
  /** Where attempts refused by a full line wait for their answer. */
  slowLane: SlowLane;
}

/** What a 503 (every password check slot busy) suggests as the wait before trying again. */
const BUSY_RETRY_SECONDS = 5;

const uidParams = z.object({ uid: z.string().min(1).max(100) });
/** The largest form post the early busy answer reads itself; anything else takes the route. */
const EARLY_BUSY_BODY_LIMIT = 16 * 1024;
const FORM_TYPE = 'application/x-www-form-urlencoded';

/** One cookie of a Cookie header. */
function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq !== -1 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** An HTML form post's fields; the last of a repeated name wins. */
function parseForm(body: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(body));
}

const signInForm = z.object({
  email: z.string().trim().max(320).optional().default(''),
  password: z.string().max(1024).optional().default(''),
});

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;

function sendHtml(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(html);
}

/**
 * The sign-in step of the embedded provider (its "interactions"): our own server-rendered
 * page, the form post that checks the password, and the first-party consent. Registered in
 * its own context because it parses HTML form posts, which the rest of the API does not take.
 */
export const interactionRoutes: FastifyPluginCallback<InteractionRoutesOptions> = (
  app,
  { getProvider, settings, hashQueue, slowLane },
  done,
) => {
  // The known-device cookie is signed with the provider's cookie keys (ADR 0014 addendum).
  const encryptionKey = keyEncryptionKeySource(app.env);
  let cookieKeys: Promise<string[]> | undefined;
  const deviceKeys = (): Promise<string[]> => {
    cookieKeys ??= Promise.resolve()
      .then(() => loadCookieKeys(app.db, app.env.OIDC_COOKIE_KEYS, encryptionKey()))
      .catch((error: unknown) => {
        cookieKeys = undefined;
        throw error;
      });
    return cookieKeys;
  };
  const secureCookie = settings.publicUrl.startsWith('https://');
  const home = (t: PageTexts['t']) => ({
    href: `${settings.publicUrl}/`,
    text: t('signin.back-to-portal'),
  });
  /**
   * A page's language (issue 16): the authorization request's `ui_locales` when the
   * interaction is known, else Accept-Language.
   */
  const textsOf = (request: FastifyRequest, interaction?: Interaction): Promise<PageTexts> =>
    pageTexts(
      app.db,
      interaction?.params.ui_locales,
      request.headers['accept-language'],
      (message) => request.log.warn(message),
    );
  const expired = async (request: FastifyRequest, reply: FastifyReply) => {
    const page = await textsOf(request);
    const { t } = page;
    return sendHtml(
      reply,
      400,
      messagePage(page, t('signin.expired.title'), t('signin.expired'), home(t)),
    );
  };

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, parseForm(String(body)));
    },
  );

  app.get(STYLESHEET_PATH, async (_request, reply) =>
    reply
      .header('cache-control', 'public, max-age=3600')
      .type('text/css; charset=utf-8')
      .send(STYLESHEET),
  );
  app.get(LOGOUT_SCRIPT_PATH, async (_request, reply) =>
    reply
      .header('cache-control', 'public, max-age=3600')
      .type('text/javascript; charset=utf-8')
      .send(LOGOUT_SCRIPT),
  );

  /** The pending interaction of this browser, when it is the one in the address. */
  async function findInteraction(
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<Interaction | undefined> {
    const parsed = uidParams.safeParse(request.params);
    if (!parsed.success) return undefined;
    const provider = await getProvider();
    try {
      const details = await provider.interactionDetails(request.raw, reply.raw);
      return details.uid === parsed.data.uid ? details : undefined;
    } catch (error) {
      if (error instanceof errors.SessionNotFound) return undefined;
      throw error;
    }
  }

  /** Hands the result to the provider, which answers with a redirect back into the flow. */
  async function finish(
    request: FastifyRequest,
    reply: FastifyReply,
    result: InteractionResults,
    page: PageTexts,
  ) {
    const provider = await getProvider();
    reply.hijack();
    try {
      await provider.interactionFinished(request.raw, reply.raw, result, {
        mergeWithLastSubmission: false,
      });
    } catch (error) {
      request.log.error(error, 'could not finish the sign-in interaction');
      if (!reply.raw.headersSent) {
        reply.raw.writeHead(500, {
          'content-type': 'text/html; charset=utf-8',
          'cache-control': 'no-store',
        });
      }
      const { t } = page;
      reply.raw.end(messagePage(page, t('signin.error.title'), t('signin.error'), home(t)));
    }
  }

  /** First-party client: consent is implied; grant what the provider found missing. */
  async function consent(interaction: Interaction): Promise<InteractionResults> {
    const provider = await getProvider();
    const accountId = interaction.session?.accountId;
    const clientId =
      typeof interaction.params.client_id === 'string' ? interaction.params.client_id : undefined;
    const grant =
      (interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined) ??
      new provider.Grant({ accountId, clientId });
    grant.addOIDCScope(SCOPES.join(' '));
    grant.addResourceScope(settings.audience, SCOPES.join(' '));
    const claims = interaction.prompt.details.missingOIDCClaims;
    if (Array.isArray(claims))
      grant.addOIDCClaims(claims.filter((c): c is string => typeof c === 'string'));
    return { consent: { grantId: await grant.save() } };
  }

  app.get('/oidc/interaction/:uid', async (request, reply) => {
    const interaction = await findInteraction(request, reply);
    if (!interaction) return expired(request, reply);
    const page = await textsOf(request, interaction);
    if (interaction.prompt.name === 'consent')
      return finish(request, reply, await consent(interaction), page);
    if (interaction.prompt.name !== 'login') return expired(request, reply);
    return sendHtml(reply, 200, signInPage(page, { action: interactionPath(interaction.uid) }));
  });

  /**
   * Answers an attempt refused by the full line with the busy page, through the slow lane
   * (ADR 0042, addendum 2). No query while busy, not even for the texts' overrides:
   * Accept-Language and the catalogue decide, so a flood never waits for (or takes) a
   * database connection (ADR 0042). Written straight to the socket (the security headers and
   * the /oidc form-action are on it already, set by the hooks before this one), so it can be
   * written later than the route returns.
   */
  const refuse = (request: FastifyRequest, reply: FastifyReply, uid: string, body: unknown) => {
    const typed = signInForm.safeParse(body ?? {});
    const language = pageLanguage(undefined, request.headers['accept-language']);
    const html = busyPage(language, interactionPath(uid), typed.success ? typed.data.email : '');
    app.metrics.signInRefusals.inc();
    reply.hijack();
    slowLane.hold(request.raw.socket, () => {
      if (reply.raw.destroyed) return;
      reply.raw.writeHead(503, {
        'content-type': 'text/html; charset=utf-8',
        'content-length': Buffer.byteLength(html),
        'cache-control': 'no-store',
        'retry-after': String(BUSY_RETRY_SECONDS),
      });
      reply.raw.end(html);
    });
  };

  /**
   * While every place in the line is taken, a form post is answered here, before Fastify
   * parses its body and before any provider, cookie or database work: under a flood nearly
   * every attempt ends here, and each one delays the signed-in calls that arrive with it
   * (issue 11). It reads the small form itself. Anything unusual (another content type, no
   * length, a large body) takes the route, which answers the same.
   */
  const refuseWhileFull = (
    request: FastifyRequest,
    reply: FastifyReply,
    next: (error?: Error) => void,
  ): void => {
    const params = uidParams.safeParse(request.params);
    const { headers } = request;
    const length = Number(headers['content-length']);
    const type = headers['content-type']?.split(';', 1)[0]?.trim().toLowerCase();
    if (
      !hashQueue.full ||
      !params.success ||
      type !== FORM_TYPE ||
      headers['transfer-encoding'] !== undefined ||
      !Number.isInteger(length) ||
      length < 0 ||
      length > EARLY_BUSY_BODY_LIMIT
    ) {
      next();
      return;
    }
    reply.hijack();
    const raw = request.raw;
    const chunks: Buffer[] = [];
    raw.on('data', (chunk: Buffer) => chunks.push(chunk));
    raw.on('error', () => raw.destroy()); // the client went away: nobody to answer
    raw.on('end', () => {
      refuse(request, reply, params.data.uid, parseForm(Buffer.concat(chunks).toString()));
    });
  };

  // While the line is full, the connection of an attempt that was checked and failed rests
  // too: a flood's clients, answered together when their hashes are done, must not all come
  // back at once. A successful sign-in goes on at once (its redirects use the connection).
  const restWhileFull = (request: FastifyRequest, reply: FastifyReply, next: () => void) => {
    if (hashQueue.full && reply.raw.statusCode >= 400) slowLane.rest(request.raw.socket);
    next();
  };

  const postOptions = { onRequest: refuseWhileFull, onResponse: restWhileFull };
  app.post('/oidc/interaction/:uid', postOptions, async (request, reply) => {
    // As many attempts are in progress as this instance can hash soon: answer at once, before
    // any database work, so a flood costs next to nothing (ADR 0014).
    const params = uidParams.safeParse(request.params);
    if (!params.success) return expired(request, reply);
    if (!hashQueue.admit()) {
      refuse(request, reply, params.data.uid, request.body);
      return reply;
    }
    try {
      // All of an admitted attempt waits for its slot, database work included: a burst let
      // into the line reaches the database and the event loop one attempt at a time, not all
      // at once (issue 11).
      return await hashQueue.run((derive) => attemptSignIn(request, reply, derive));
    } catch (error) {
      if (!(error instanceof HashQueueFullError)) throw error;
    } finally {
      hashQueue.leave();
    }
    refuse(request, reply, params.data.uid, request.body);
    return reply;
  });

  async function attemptSignIn(request: FastifyRequest, reply: FastifyReply, derive: Derive) {
    const interaction = await findInteraction(request, reply);
    if (!interaction || interaction.prompt.name !== 'login') return expired(request, reply);
    const action = interactionPath(interaction.uid);
    const page = await textsOf(request, interaction);
    const { t } = page;

    const form = signInForm.safeParse(request.body ?? {});
    const email = form.success ? form.data.email : '';
    const password = form.success ? form.data.password : '';
    if (!email || !password) {
      return sendHtml(
        reply,
        400,
        signInPage(page, { action, email, error: t('signin.missing-credentials') }),
      );
    }

    // request.ip follows TRUST_PROXY: a forwarded address only from a trusted proxy (ADR 0015).
    const keys = await deviceKeys();
    const device = cookieValue(request.headers.cookie, KNOWN_DEVICE_COOKIE);
    const result = await checkSignIn(app.db, derive, email, password, request.ip, {
      knownDevice: (digest) => isKnownDevice(keys, device, digest),
    });
    switch (result.outcome) {
      case 'rate-limited':
        reply.header('retry-after', String(result.retryAfterSeconds));
        return sendHtml(reply, 429, tooManyAttemptsPage(page, action));
      case 'invalid-credentials':
        // The same words whether the account exists or not (issue 2 §3).
        return sendHtml(
          reply,
          422,
          signInPage(page, { action, email, error: t('signin.invalid-credentials') }),
        );
      case 'signed-in':
        await recordSignIn(app.db, result.userId);
        // This browser is known to the account from now on; the provider adds its cookies.
        reply.raw.setHeader('set-cookie', [
          `${KNOWN_DEVICE_COOKIE}=${knownDeviceValue(keys, accountDigest(email))}; Path=/oidc/interaction; Max-Age=${KNOWN_DEVICE_SECONDS}; HttpOnly; SameSite=Lax${secureCookie ? '; Secure' : ''}`,
        ]);
        return finish(request, reply, { login: { accountId: result.userId } }, page);
    }
  }

  done();
};
