import type { FastifyPluginCallback } from 'fastify';
import { escapeHtml } from '../../lib/html.js';
import { listOutbox } from '../../lib/mail/mailer.js';
import { SIGN_IN_STYLESHEET_PATH as STYLESHEET_PATH } from '../shared/index.js';

export const DEV_OUTBOX_PATH = '/dev/outbox';

/** Plain text with its http(s) addresses as links; everything else escaped. */
function linkify(text: string): string {
  return text
    .split(/(https?:\/\/[^\s<>"']+)/g)
    .map((part, i) =>
      i % 2 === 1 ? `<a href="${escapeHtml(part)}">${escapeHtml(part)}</a>` : escapeHtml(part),
    )
    .join('');
}

/**
 * The dev outbox (ADR 0028): without SMTP_URL, mail is stored in the database and listed
 * here, newest first, so a newcomer can click an invitation link after `npm start`. Off in
 * production unless DEV_OUTBOX=1; never on when SMTP delivers the mail.
 */
export const devOutboxRoutes: FastifyPluginCallback = (app, _options, done) => {
  if (!app.env.DEV_OUTBOX || app.mailer.kind !== 'outbox') {
    done();
    return;
  }
  app.get(DEV_OUTBOX_PATH, { logLevel: 'warn' }, async (_request, reply) => {
    const messages = await listOutbox(app.db);
    const items = messages
      .map(
        (m) => `<article class="mail">
<h2>${escapeHtml(m.subject)}</h2>
<p>To: ${escapeHtml(m.recipient)} · ${escapeHtml(new Date(m.created_at).toISOString())}</p>
${Object.entries(m.headers ?? {})
  .map(([name, value]) => `<p class="mail-header">${escapeHtml(name)}: ${linkify(value)}</p>`)
  .join('\n')}
<pre>${linkify(m.text_body)}</pre>
</article>`,
      )
      .join('\n');
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8')
      .send(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>Dev outbox | Portico</title>
<link rel="stylesheet" href="${STYLESHEET_PATH}">
</head>
<body>
<main class="card">
<h1>Dev outbox</h1>
<p>Mail the server would have sent (no SMTP_URL is set), newest first.</p>
${items || '<p>No mail yet.</p>'}
</main>
</body>
</html>
`);
  });
  done();
};
