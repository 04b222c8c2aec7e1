import type { LabelLanguage } from '@portico/locales';
import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { escapeHtml } from '../../lib/html.js';
import { chooseLanguage, textsFor, type Translate } from '../../lib/i18n/translate.js';
import { hashPassword } from '../../lib/password.js';
import { sendSignedOutPage, signedOutPage } from '../shared/index.js';
import { acceptInvitation, findInvitationByToken } from './invitations.service.js';
import './invitation.texts.js';

export const INVITATION_PATH = '/invitation';
export const MIN_PASSWORD_LENGTH = 12;

const tokenParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/) });
const form = z.object({
  password: z.string().max(1024).optional().default(''),
  confirm: z.string().max(1024).optional().default(''),
});

/** A page's language and its texts. */
interface PageTexts {
  language: LabelLanguage;
  t: Translate;
}

function page({ language, t }: PageTexts, title: string, body: string): string {
  return signedOutPage({
    language,
    documentTitle: t('invitation.page-title', { title }),
    heading: title,
    body,
  });
}

function formPage(texts: PageTexts, action: string, name: string, error?: string): string {
  const { t } = texts;
  const invalid = error ? ' aria-invalid="true" aria-describedby="invitation-error"' : '';
  return page(
    texts,
    t('invitation.title'),
    `<p>${escapeHtml(t('invitation.intro', { name }))}</p>
<div id="invitation-error" class="error" role="alert">${error ? `<p>${escapeHtml(error)}</p>` : ''}</div>
<form method="post" action="${escapeHtml(action)}" class="form">
<label for="password">${escapeHtml(t('invitation.password'))}</label>
<input id="password" name="password" type="password" autocomplete="new-password" required minlength="${MIN_PASSWORD_LENGTH}" maxlength="1024"${invalid} autofocus>
<label for="confirm">${escapeHtml(t('invitation.confirm'))}</label>
<input id="confirm" name="confirm" type="password" autocomplete="new-password" required minlength="${MIN_PASSWORD_LENGTH}" maxlength="1024"${invalid}>
<button type="submit">${escapeHtml(t('invitation.submit'))}</button>
</form>`,
  );
}

const send = sendSignedOutPage;

/**
 * The one-time invitation link (issue 15 §4): a page to set a password; accepting makes the
 * Pending user Active. Single use, valid 7 days; only the token's hash is stored. The route
 * logs at warn level only, so the token in the address never reaches the request log.
 */
export const invitationRoutes: FastifyPluginCallback = (app, _options, done) => {
  const signInLink = (t: Translate) =>
    `<p><a href="${escapeHtml(`${app.env.PUBLIC_URL}/login`)}">${escapeHtml(t('invitation.sign-in'))}</a></p>`;
  const invalidPage = (texts: PageTexts) =>
    page(
      texts,
      texts.t('invitation.invalid.title'),
      `<p role="alert">${escapeHtml(texts.t('invitation.invalid'))}</p>${signInLink(texts.t)}`,
    );

  /**
   * The pages' language (issue 16): the invited user's profile language, as in the invitation
   * e-mail; Accept-Language when the link names no open invitation.
   */
  const textsOf = async (
    request: FastifyRequest,
    profile: string | undefined,
  ): Promise<PageTexts> => {
    const language = chooseLanguage(
      { profile, acceptLanguage: request.headers['accept-language'] },
      (message) => request.log.warn(message),
    );
    return { language, t: await textsFor(app.db, language) };
  };

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 8192 },
    (_request, body, parsed) => {
      parsed(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  app.get(`${INVITATION_PATH}/:token`, { logLevel: 'warn' }, async (request, reply) => {
    const params = tokenParams.safeParse(request.params);
    const invitation = params.success
      ? await findInvitationByToken(app.db, params.data.token)
      : undefined;
    const texts = await textsOf(request, invitation?.language);
    if (!invitation || !params.success) return send(reply, 404, invalidPage(texts));
    return send(
      reply,
      200,
      formPage(texts, `${INVITATION_PATH}/${params.data.token}`, invitation.first_name),
    );
  });

  app.post(`${INVITATION_PATH}/:token`, { logLevel: 'warn' }, async (request, reply) => {
    const params = tokenParams.safeParse(request.params);
    const invitation = params.success
      ? await findInvitationByToken(app.db, params.data.token)
      : undefined;
    const texts = await textsOf(request, invitation?.language);
    const { t } = texts;
    if (!invitation || !params.success) return send(reply, 404, invalidPage(texts));
    const action = `${INVITATION_PATH}/${params.data.token}`;
    const body = form.safeParse(request.body ?? {});
    const password = body.success ? body.data.password : '';
    const confirm = body.success ? body.data.confirm : '';
    if (password.length < MIN_PASSWORD_LENGTH) {
      return send(
        reply,
        422,
        formPage(
          texts,
          action,
          invitation.first_name,
          t('invitation.too-short', { min: MIN_PASSWORD_LENGTH }),
        ),
      );
    }
    if (password !== confirm) {
      return send(
        reply,
        422,
        formPage(texts, action, invitation.first_name, t('invitation.mismatch')),
      );
    }
    const passwordHash = await hashPassword(password);
    const accepted = await acceptInvitation(app.db, invitation, passwordHash);
    if (!accepted) return send(reply, 404, invalidPage(texts));
    return send(
      reply,
      200,
      page(
        texts,
        t('invitation.done.title'),
        `<p role="status">${escapeHtml(t('invitation.done'))}</p>${signInLink(t)}`,
      ),
    );
  });

  done();
};
