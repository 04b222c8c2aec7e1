import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { chooseLanguage, textsFor } from '../../lib/i18n/translate.js';
import { hashPassword } from '../../lib/password.js';
import { sendSignedOutPage } from '../shared/index.js';
import {
  invitationDonePage,
  invitationFormPage,
  invitationInvalidPage,
  MIN_PASSWORD_LENGTH,
  type InvitationPageTexts as PageTexts,
} from './invitation-pages.js';
import { acceptInvitation, findInvitationByToken } from './invitations.service.js';
import './invitation.texts.js';

export const INVITATION_PATH = '/invitation';

const tokenParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/) });
const form = z.object({
  password: z.string().max(1024).optional().default(''),
  confirm: z.string().max(1024).optional().default(''),
});

const send = sendSignedOutPage;

/**
 * The one-time invitation link (issue 15 §4): a page to set a password; accepting makes the
 * Pending user Active. Single use, valid 7 days; only the token's hash is stored. The route
 * logs at warn level only, so the token in the address never reaches the request log.
 */
export const invitationRoutes: FastifyPluginCallback = (app, _options, done) => {
  const invalidPage = (texts: PageTexts) => invitationInvalidPage(texts, app.env.PUBLIC_URL);

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

  /**
   * The open invitation the link names (none for a malformed or unknown token), the page's
   * texts in its language, and the address its form posts to.
   */
  const invitationOf = async (request: FastifyRequest) => {
    const params = tokenParams.safeParse(request.params);
    const invitation = params.success
      ? await findInvitationByToken(app.db, params.data.token)
      : undefined;
    const texts = await textsOf(request, invitation?.language);
    const action = params.success ? `${INVITATION_PATH}/${params.data.token}` : '';
    return { invitation, texts, action };
  };

  app.get(`${INVITATION_PATH}/:token`, { logLevel: 'warn' }, async (request, reply) => {
    const { invitation, texts, action } = await invitationOf(request);
    if (!invitation) return send(reply, 404, invalidPage(texts));
    return send(reply, 200, invitationFormPage(texts, action, invitation.first_name));
  });

  app.post(`${INVITATION_PATH}/:token`, { logLevel: 'warn' }, async (request, reply) => {
    const { invitation, texts, action } = await invitationOf(request);
    const { t } = texts;
    if (!invitation) return send(reply, 404, invalidPage(texts));
    const body = form.safeParse(request.body ?? {});
    const password = body.success ? body.data.password : '';
    const confirm = body.success ? body.data.confirm : '';
    if (password.length < MIN_PASSWORD_LENGTH) {
      return send(
        reply,
        422,
        invitationFormPage(
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
        invitationFormPage(texts, action, invitation.first_name, t('invitation.mismatch')),
      );
    }
    const passwordHash = await hashPassword(password);
    const accepted = await acceptInvitation(app.db, invitation, passwordHash);
    if (!accepted) return send(reply, 404, invalidPage(texts));
    return send(reply, 200, invitationDonePage(texts, app.env.PUBLIC_URL));
  });

  done();
};
