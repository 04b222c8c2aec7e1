import type { FastifyPluginCallback, FastifyReply } from 'fastify';
import { z } from 'zod';
import { escapeHtml } from '../../lib/html.js';
import { hashPassword } from '../../lib/password.js';
import { STYLESHEET_PATH } from '../oidc/oidc-pages.js';
import {
  activateInvitedUser,
  findOpenInvitationByToken,
  markAccepted,
} from './invitations.repository.js';
import { insertAudit } from './user-management.repository.js';
import { hashToken } from './user-management.service.js';

export const INVITATION_PATH = '/invitation';
export const MIN_PASSWORD_LENGTH = 12;

export const invitationTexts = {
  title: 'Set your Portico password',
  intro: 'Welcome, {name}. Choose a password to finish setting up your account.',
  password: 'New password',
  confirm: 'Repeat the password',
  submit: 'Set password',
  tooShort: `The password must have at least ${MIN_PASSWORD_LENGTH} characters.`,
  mismatch: 'The two passwords are not the same.',
  doneTitle: 'Your password is set',
  done: 'Your account is active. Sign in with your e-mail address and the new password.',
  signIn: 'Sign in to Portico',
  invalidTitle: 'This invitation link is not valid',
  invalid:
    'The link has been used, has expired or was withdrawn. Ask your administrator for a new invitation.',
} as const;

const tokenParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/) });
const form = z.object({
  password: z.string().max(1024).optional().default(''),
  confirm: z.string().max(1024).optional().default(''),
});

function page(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)} | Portico</title>
<link rel="stylesheet" href="${STYLESHEET_PATH}">
</head>
<body>
<main class="card">
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>
`;
}

function formPage(action: string, name: string, error?: string): string {
  const invalid = error ? ' aria-invalid="true" aria-describedby="invitation-error"' : '';
  return page(
    invitationTexts.title,
    `<p>${escapeHtml(invitationTexts.intro.replace('{name}', name))}</p>
<div id="invitation-error" class="error" role="alert">${error ? `<p>${escapeHtml(error)}</p>` : ''}</div>
<form method="post" action="${escapeHtml(action)}" class="form">
<label for="password">${invitationTexts.password}</label>
<input id="password" name="password" type="password" autocomplete="new-password" required minlength="${MIN_PASSWORD_LENGTH}" maxlength="1024"${invalid} autofocus>
<label for="confirm">${invitationTexts.confirm}</label>
<input id="confirm" name="confirm" type="password" autocomplete="new-password" required minlength="${MIN_PASSWORD_LENGTH}" maxlength="1024"${invalid}>
<button type="submit">${invitationTexts.submit}</button>
</form>`,
  );
}

function send(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .type('text/html; charset=utf-8')
    .send(html);
}

/**
 * The one-time invitation link (issue 15 §4): a page to set a password; accepting makes the
 * Pending user Active. Single use, valid 7 days; only the token's hash is stored. The route
 * logs at warn level only, so the token in the address never reaches the request log.
 */
export const invitationRoutes: FastifyPluginCallback = (app, _options, done) => {
  const signInLink = `<p><a href="${escapeHtml(`${app.env.PUBLIC_URL}/login`)}">${invitationTexts.signIn}</a></p>`;
  const invalidPage = () =>
    page(
      invitationTexts.invalidTitle,
      `<p role="alert">${invitationTexts.invalid}</p>${signInLink}`,
    );

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
      ? await findOpenInvitationByToken(app.db, hashToken(params.data.token))
      : undefined;
    if (!invitation || !params.success) return send(reply, 404, invalidPage());
    return send(
      reply,
      200,
      formPage(`${INVITATION_PATH}/${params.data.token}`, invitation.first_name),
    );
  });

  app.post(`${INVITATION_PATH}/:token`, { logLevel: 'warn' }, async (request, reply) => {
    const params = tokenParams.safeParse(request.params);
    const invitation = params.success
      ? await findOpenInvitationByToken(app.db, hashToken(params.data.token))
      : undefined;
    if (!invitation || !params.success) return send(reply, 404, invalidPage());
    const action = `${INVITATION_PATH}/${params.data.token}`;
    const body = form.safeParse(request.body ?? {});
    const password = body.success ? body.data.password : '';
    const confirm = body.success ? body.data.confirm : '';
    if (password.length < MIN_PASSWORD_LENGTH) {
      return send(reply, 422, formPage(action, invitation.first_name, invitationTexts.tooShort));
    }
    if (password !== confirm) {
      return send(reply, 422, formPage(action, invitation.first_name, invitationTexts.mismatch));
    }
    const passwordHash = await hashPassword(password);
    const accepted = await app.db.transaction(async (tx) => {
      if (!(await markAccepted(tx, invitation.id))) return false;
      if (!(await activateInvitedUser(tx, invitation.user_id, passwordHash))) return false;
      await insertAudit(tx, {
        userId: invitation.user_id,
        accountId: invitation.account_id,
        actorId: invitation.user_id,
        actorName: `${invitation.last_name}, ${invitation.first_name}`,
        action: 'activated',
        changes: { status: { before: 'Pending', after: 'Active' } },
      });
      return true;
    });
    if (!accepted) return send(reply, 404, invalidPage());
    return send(
      reply,
      200,
      page(invitationTexts.doneTitle, `<p role="status">${invitationTexts.done}</p>${signInLink}`),
    );
  });

  done();
};
