import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isDomainError } from '../../lib/errors.js';
import { chooseLanguage, textsFor } from '../../lib/i18n/translate.js';
import {
  casePage,
  contactsPage,
  CSRF_FIELD,
  DESK_PREFIX,
  deskMessages,
  incidentPage,
  messagePage,
  portalsPage,
  serviceRequestPage,
  trackCasesPage,
  type DeskTexts,
} from './desk-pages.js';
import {
  clearedSessionCookie,
  SESSION_COOKIE,
  SESSION_SECONDS,
  type DeskKeys,
  type DeskSession,
} from './desk-session.js';
import {
  accountCase,
  accountCases,
  createIncident,
  DEFAULT_PRIORITY,
  deskContacts,
  deskPortals,
  deskSessionCallerOf,
  serviceCatalogue,
  statusSlugs,
  submitServiceRequest,
  validateIncident,
  type DeskCaller,
} from './services.service.js';

const stylesheet = readFileSync(
  fileURLToPath(new URL('./assets/desk.css', import.meta.url)),
  'utf8',
);

/** Query values as Fastify parses them: a repeated name gives an array; take the first. */
const queryValue = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v) => (Array.isArray(v) ? v[0] : v));
const deskQuery = z.object({
  t: queryValue,
  status: queryValue,
  created: queryValue,
  item: queryValue,
});
/** §6: the permission for cases (incidents, service requests, tracking) and the catalogue. */
const CASES_PERMISSION = 'SUPPORT_SERVICE_NOW';
const formBody = z.record(z.string(), z.string());

function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq !== -1 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

function sendPage(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(html);
}

function sendMessage(
  reply: FastifyReply,
  status: number,
  texts: DeskTexts,
  [title, message]: readonly [string, string],
): FastifyReply {
  return sendPage(reply, status, messagePage(texts, texts.t(title), texts.t(message)));
}

interface DeskContext {
  session: DeskSession;
  caller: DeskCaller;
  csrf: string;
  texts: DeskTexts;
}

export interface DeskPagesOptions {
  keys: DeskKeys;
}

/**
 * The built-in support desk (issue 5): server-rendered pages under /support-desk, the
 * default target of the Support4U frames. Authenticated by the desk session cookie, which a
 * frame token in the address (?t=…) starts (docs/decisions/0005-support-desk-frames.md).
 * Its own context: it parses HTML form posts and answers errors as HTML pages.
 */
export const deskPagesRoutes: FastifyPluginCallback<DeskPagesOptions> = (app, { keys }, done) => {
  const secureCookie = app.env.PUBLIC_URL.startsWith('https://');
  const cookieFor = (value: string, maxAge: number): string =>
    `${SESSION_COOKIE}=${value}; Path=${DESK_PREFIX}; Max-Age=${maxAge}; HttpOnly; SameSite=Strict${secureCookie ? '; Secure' : ''}`;
  const cleared = clearedSessionCookie(secureCookie);

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, parsed) => {
      parsed(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  /**
   * The texts of a desk page (issue 16): the desk user's profile language and time zone when
   * the session knows them, else Accept-Language (and UTC).
   */
  const textsByRequest = new WeakMap<FastifyRequest, DeskTexts>();
  const textsOf = async (request: FastifyRequest, caller?: DeskCaller): Promise<DeskTexts> => {
    const known = caller ? undefined : textsByRequest.get(request);
    if (known) return known;
    const language = chooseLanguage(
      { profile: caller?.language, acceptLanguage: request.headers['accept-language'] },
      (message) => request.log.warn(message),
    );
    const texts = { language, t: await textsFor(app.db, language), timeZone: caller?.timeZone };
    textsByRequest.set(request, texts);
    return texts;
  };

  app.setErrorHandler(async (error: unknown, request, reply) => {
    const texts = await textsOf(request);
    if (isDomainError(error) && error.statusCode === 404) {
      return sendMessage(reply, 404, texts, deskMessages.notFound);
    }
    const status =
      typeof error === 'object' &&
      error !== null &&
      'statusCode' in error &&
      typeof error.statusCode === 'number'
        ? error.statusCode
        : 500;
    if (status >= 400 && status < 500) {
      return sendMessage(reply, status, texts, deskMessages.badRequest);
    }
    request.log.error({ err: error }, 'support desk page failed');
    return sendMessage(reply, 500, texts, deskMessages.error);
  });

  /**
   * The caller of a desk page, or null when the reply has been sent: a frame token in the
   * address is swapped for the session cookie and the same address is loaded again without
   * it (so the token leaves the address bar, history and logs quickly); no valid session
   * gives the "session expired" page.
   */
  const contextOf = async (
    request: FastifyRequest,
    reply: FastifyReply,
    access: 'cases' | 'any' = 'cases',
  ): Promise<DeskContext | null> => {
    const current = readCookie(request.headers.cookie, SESSION_COOKIE);
    const existing = current ? await keys.verifySession(current) : null;
    const frameToken = request.method === 'GET' ? deskQuery.parse(request.query).t : undefined;
    if (frameToken !== undefined) {
      const holder = await keys.verifyFrameToken(frameToken);
      // A frame token whose portal token was revoked since (or whose user left Active)
      // opens nothing: the same rule as the portal token itself (ADR 0027).
      const standing = holder
        ? await deskSessionCallerOf(app.db, { ...holder, sessionId: '' })
        : null;
      if (!holder || !standing) {
        sendMessage(reply, 401, await textsOf(request), deskMessages.signedOut);
        return null;
      }
      const sessionId = existing?.userId === holder.userId ? existing.sessionId : undefined;
      const target = new URL(request.url, 'http://desk.invalid');
      target.searchParams.delete('t');
      reply
        .code(303)
        .header(
          'set-cookie',
          cookieFor(await keys.issueSession(holder, sessionId), SESSION_SECONDS),
        )
        .header('cache-control', 'no-store')
        .header('location', `${target.pathname}${target.search}`)
        .send();
      return null;
    }
    // On every request, the rule of the portal's bearer token (ADR 0027): a user deleted,
    // deactivated or signed out everywhere since, or a session ended by a sign-out, is no
    // session. A database failure is not hidden.
    const caller = existing ? await deskSessionCallerOf(app.db, existing) : null;
    if (!existing || !caller) {
      if (current) reply.header('set-cookie', cleared);
      sendMessage(reply, 401, await textsOf(request), deskMessages.signedOut);
      return null;
    }
    const texts = await textsOf(request, caller);
    // §6: cases and the service catalogue need SUPPORT_SERVICE_NOW; checked per request, so a
    // permission removed after the desk opened takes effect at once.
    if (access === 'cases' && !caller.permissions.includes(CASES_PERMISSION)) {
      sendMessage(reply, 403, texts, deskMessages.forbidden);
      return null;
    }
    return { session: existing, caller, csrf: await keys.csrfToken(existing), texts };
  };

  /** Form posts: the CSRF field must match the session; else null after answering. */
  const formOf = async (
    request: FastifyRequest,
    context: DeskContext,
  ): Promise<{ body: Record<string, string>; csrfValid: boolean }> => {
    const parsed = formBody.safeParse(request.body ?? {});
    const body = parsed.success ? parsed.data : {};
    return { body, csrfValid: await keys.checkCsrf(context.session, body[CSRF_FIELD]) };
  };

  const csrfMessage = 'desk.csrf-expired';

  app.get('/assets/desk.css', async (_request, reply) =>
    reply
      .type('text/css; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(stylesheet),
  );

  // The empty path shows the incident form (as the services routes do, §2).
  app.get('/', async (request, reply) => {
    const target = new URL(request.url, 'http://desk.invalid');
    return reply.code(303).header('location', `${DESK_PREFIX}/incident${target.search}`).send();
  });

  app.get('/incident', async (request, reply) => {
    const context = await contextOf(request, reply);
    if (!context) return reply;
    return sendPage(
      reply,
      200,
      incidentPage(context.texts, {
        csrf: context.csrf,
        values: { priority: DEFAULT_PRIORITY },
        errors: {},
      }),
    );
  });

  app.post('/incident', async (request, reply) => {
    const context = await contextOf(request, reply);
    if (!context) return reply;
    const { body, csrfValid } = await formOf(request, context);
    const result = validateIncident(body);
    if (!csrfValid || !result.ok) {
      const errors = {
        ...(csrfValid ? {} : { form: csrfMessage }),
        ...(result.ok ? {} : result.errors),
      };
      return sendPage(
        reply,
        csrfValid ? 400 : 403,
        incidentPage(context.texts, { csrf: context.csrf, values: body, errors }),
      );
    }
    const number = await createIncident(app.db, context.caller, result.value);
    return reply
      .code(303)
      .header('location', `${DESK_PREFIX}/track-case/${number}?created=1`)
      .send();
  });

  app.get('/service-request', async (request, reply) => {
    const context = await contextOf(request, reply);
    if (!context) return reply;
    const { item } = deskQuery.parse(request.query);
    return sendPage(
      reply,
      200,
      serviceRequestPage(context.texts, {
        csrf: context.csrf,
        catalogue: await serviceCatalogue(app.db),
        values: item ? { item } : {},
        errors: {},
      }),
    );
  });

  app.post('/service-request', async (request, reply) => {
    const context = await contextOf(request, reply);
    if (!context) return reply;
    const { body, csrfValid } = await formOf(request, context);
    const catalogue = await serviceCatalogue(app.db);
    if (!csrfValid) {
      return sendPage(
        reply,
        403,
        serviceRequestPage(context.texts, {
          csrf: context.csrf,
          catalogue,
          values: body,
          errors: { form: csrfMessage },
        }),
      );
    }
    const result = await submitServiceRequest(app.db, context.caller, body, catalogue);
    if (!result.ok) {
      return sendPage(
        reply,
        400,
        serviceRequestPage(context.texts, {
          csrf: context.csrf,
          catalogue,
          values: body,
          errors: result.errors,
        }),
      );
    }
    return reply
      .code(303)
      .header('location', `${DESK_PREFIX}/track-case/${result.value}?created=1`)
      .send();
  });

  app.get('/track-cases', async (request, reply) => {
    const context = await contextOf(request, reply);
    if (!context) return reply;
    const slug = deskQuery.parse(request.query).status ?? '';
    const status = slug === '' ? undefined : statusSlugs[slug];
    if (slug !== '' && !status) {
      return sendMessage(reply, 400, context.texts, deskMessages.unknownStatus);
    }
    return sendPage(
      reply,
      200,
      trackCasesPage(context.texts, await accountCases(app.db, context.caller, status), slug),
    );
  });

  app.get<{ Params: { caseNo: string } }>('/track-case/:caseNo', async (request, reply) => {
    const context = await contextOf(request, reply);
    if (!context) return reply;
    const supportCase = await accountCase(app.db, context.caller, request.params.caseNo);
    const created = deskQuery.parse(request.query).created === '1';
    return sendPage(reply, 200, casePage(context.texts, supportCase, created));
  });

  // Portals and contacts show no cases nor the catalogue: open to any desk session.
  app.get('/portals', async (request, reply) => {
    const context = await contextOf(request, reply, 'any');
    if (!context) return reply;
    return sendPage(reply, 200, portalsPage(context.texts, await deskPortals(app.db)));
  });

  app.get('/contacts', async (request, reply) => {
    const context = await contextOf(request, reply, 'any');
    if (!context) return reply;
    return sendPage(
      reply,
      200,
      contactsPage(context.texts, await deskContacts(app.db, context.caller.accountId)),
    );
  });

  /**
   * The portal's sign-out ends the desk session of this browser (ADR 0005, addendum): the
   * session id is recorded as ended, so a copy of the cookie stops working on every
   * instance, and the cookie is removed. No CSRF field: another site's post carries no
   * cookie (SameSite=Strict), and ending a session is all it could do.
   */
  app.post('/sign-out', async (request, reply) => {
    const current = readCookie(request.headers.cookie, SESSION_COOKIE);
    const session = current ? await keys.verifySession(current) : null;
    if (session) await keys.endSession(session);
    return reply.code(204).header('set-cookie', cleared).header('cache-control', 'no-store').send();
  });

  // Anything else under the desk: an HTML 404, not the SPA nor the API's JSON 404.
  app.all('/*', async (request, reply) =>
    sendMessage(reply, 404, await textsOf(request), deskMessages.notFound),
  );

  done();
};
