import type { FastifyPluginCallback } from 'fastify';
import { listOutbox } from '../../lib/mail/mailer.js';
import { devOutboxPage } from './dev-outbox-page.js';

export const DEV_OUTBOX_PATH = '/dev/outbox';

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
  app.get(DEV_OUTBOX_PATH, { logLevel: 'warn' }, async (_request, reply) =>
    reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(devOutboxPage(await listOutbox(app.db))),
  );
  done();
};
