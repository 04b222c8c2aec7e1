import { SUBSCRIPTION_TOPICS, type SubscriptionTopic } from '@portico/contracts';
import type { FastifyPluginCallback, FastifyReply } from 'fastify';
import { z } from 'zod';
import { keyEncryptionKeySource } from '../../lib/key-encryption.js';
import { sendSignedOutPage } from '../shared/index.js';
import {
  unsubscribeConfirmPage,
  unsubscribeDonePage,
  unsubscribeInvalidPage,
} from './unsubscribe-pages.js';
import { resolveLanguage, type LabelLanguage } from '@portico/locales';
import { chooseLanguage, textsFor, type Translate } from '../../lib/i18n/translate.js';
import './subscriptions.texts.js';
import { otherScope } from './unsubscribe-scopes.js';
import {
  subscriptionProductName,
  unsubscribeScope,
  unsubscribeUserLanguage,
} from './subscriptions.service.js';
import {
  unsubscribeKey,
  verifyUnsubscribeToken,
  type UnsubscribePayload,
} from './unsubscribe-token.js';

export const UNSUBSCRIBE_PATH = '/unsubscribe';

const query = z.object({ token: z.string().max(1000).optional() });

const send = sendSignedOutPage;

/** What the scope means, in the reader's words (a topic, a product topic or a digest). */
function scopeName(t: Translate, scope: string, productName: string | undefined): string {
  const other = otherScope(scope);
  if (other) return t(other.scope.nameKey);
  const digest = /^digest:(daily|weekly)$/.exec(scope);
  if (digest)
    return t(digest[1] === 'daily' ? 'subscriptions.digest.daily' : 'subscriptions.digest.weekly');
  const [topic = ''] = scope.split(':', 1);
  const name = t(`subscriptions.topic.${topic as SubscriptionTopic}`);
  return productName ? `${name} – ${productName}` : name;
}

const validScope = (scope: string): boolean => {
  if (/^digest:(daily|weekly)$/.test(scope) || otherScope(scope)) return true;
  const [topic = '', product] = scope.split(/:(.*)/s);
  return (
    (SUBSCRIPTION_TOPICS as readonly string[]).includes(topic) &&
    (product === undefined || product.length > 0)
  );
};

/**
 * One-click unsubscribe (RFC 8058; ADR 0031), without signing in: the signed token is the
 * authority. GET shows a page with a button and changes nothing (mail scanners fetch links);
 * POST — the mail client's one-click `List-Unsubscribe=One-Click`, or the page's button —
 * turns the subscription off. A malformed or tampered token is a 400. The token stays out of
 * the request log (warn level only).
 */
export const unsubscribeRoutes: FastifyPluginCallback = (app, _options, done) => {
  const encryptionKey = keyEncryptionKeySource(app.env);
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, parsed) => {
      parsed(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );
  // Mail clients may post the one-click body as multipart or text; the body is not needed.
  app.addContentTypeParser(
    ['multipart/form-data', 'text/plain'],
    { parseAs: 'string', bodyLimit: 4096 },
    (_r, _b, parsed) => {
      parsed(null, {});
    },
  );

  async function resolve(
    raw: unknown,
    acceptLanguage: string | undefined,
  ): Promise<
    | {
        ok: true;
        payload: UnsubscribePayload;
        t: Translate;
        language: LabelLanguage;
        token: string;
        what: string;
      }
    | { ok: false; t: Translate; language: LabelLanguage }
  > {
    const parsed = query.safeParse(raw);
    const token = parsed.success ? (parsed.data.token ?? '') : '';
    const payload = token
      ? verifyUnsubscribeToken(await unsubscribeKey(app.db, encryptionKey()), token)
      : undefined;
    const userLanguage = payload
      ? await unsubscribeUserLanguage(app.db, payload.userId)
      : undefined;
    if (!payload || userLanguage === undefined || !validScope(payload.scope)) {
      // Nobody known: the browser's language.
      const language = chooseLanguage({ acceptLanguage });
      return { ok: false, t: await textsFor(app.db, language), language };
    }
    // The user's profile language, as their mail was (issue 16).
    const language = resolveLanguage(userLanguage);
    const t = await textsFor(app.db, language);
    const productId = otherScope(payload.scope) ? undefined : payload.scope.split(/:(.*)/s)[1];
    const product = productId ? await subscriptionProductName(app.db, productId) : undefined;
    return {
      ok: true,
      payload,
      t,
      language,
      token,
      what: scopeName(t, payload.scope, product),
    };
  }

  const invalid = (reply: FastifyReply, t: Translate, language: LabelLanguage) =>
    send(reply, 400, unsubscribeInvalidPage(t, language));

  app.get(UNSUBSCRIBE_PATH, { logLevel: 'warn' }, async (request, reply) => {
    const r = await resolve(request.query, request.headers['accept-language']);
    if (!r.ok) return invalid(reply, r.t, r.language);
    const action = `${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(r.token)}`;
    return send(reply, 200, unsubscribeConfirmPage(r.t, r.language, r.what, action));
  });

  app.post(UNSUBSCRIBE_PATH, { logLevel: 'warn' }, async (request, reply) => {
    const r = await resolve(request.query, request.headers['accept-language']);
    if (!r.ok) return invalid(reply, r.t, r.language);
    await unsubscribeScope(app.db, r.payload.userId, r.payload.scope);
    return send(reply, 200, unsubscribeDonePage(r.t, r.language, r.what));
  });
  done();
};
