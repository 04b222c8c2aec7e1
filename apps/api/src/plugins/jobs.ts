import { rootPlugin } from '../lib/root-plugin.js';
import { createJobQueue, type JobQueue } from '../lib/jobs/job-queue.js';
import { createMailer, defineMailJob, type Mailer } from '../lib/mail/mailer.js';
import { defineInvitationJob } from '../modules/users/user-management.service.js';
import { defineSubscriptionJobs } from '../modules/subscriptions/subscriptions.jobs.js';
import { defineNewsPublishingJobs } from '../modules/news-editor/news-editor.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The job queue (lib/jobs); started by server.ts after the migrations. */
    jobs: JobQueue;
    /** The mail transport (lib/mail): SMTP or the dev outbox. */
    mailer: Mailer;
  }
}

/**
 * Shared infrastructure of issue 15 (and issue 12): one mailer and one job queue per
 * process, over the application's database (ADR 0028). Modules define their jobs here, one
 * line each; the queue starts once the database is migrated.
 */
export const jobsPlugin = rootPlugin('portico-jobs', async (app) => {
  const jobs = createJobQueue(app.db, {
    onError: (error) => app.log.error({ err: error }, 'job queue error'),
  });
  const mailer = createMailer(app.db, {
    smtpUrl: app.env.SMTP_URL,
    from: app.env.MAIL_FROM,
    tlsCaFile: app.env.SMTP_TLS_CA,
  });
  defineMailJob(jobs, mailer, (message, failure) => {
    // Refused for good (5xx): not retried (ADR 0053). The address is not logged.
    app.log.warn({ subject: message.subject, failure }, 'mail refused by the mail server');
  });
  defineInvitationJob(
    { db: app.db, jobs, mailer },
    { publicUrl: app.env.PUBLIC_URL, externalIdp: app.env.OIDC_ISSUER !== undefined },
  );
  defineSubscriptionJobs({ db: app.db, jobs }, { publicUrl: app.env.PUBLIC_URL }); // issue 12
  defineNewsPublishingJobs({ db: app.db, jobs }); // issue 12: scheduled publication
  app.decorate('jobs', jobs);
  app.decorate('mailer', mailer);
  app.addHook('onClose', async () => {
    await jobs.stop();
  });
  return Promise.resolve();
});
