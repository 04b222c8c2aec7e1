import type { Metrics } from '../lib/metrics/metrics.js';
import { rootPlugin } from '../lib/root-plugin.js';
import { createJobQueue, type JobQueue } from '../lib/jobs/job-queue.js';
import { keyEncryptionKeySource } from '../lib/key-encryption.js';
import { createMailer, defineMailJob, type Mailer } from '../lib/mail/mailer.js';
import { defineInvitationJob } from '../modules/user-management/index.js';
import { defineSubscriptionJobs, recordNewsMailFailure } from '../modules/my-settings/index.js';
import { defineNewsPublishingJobs } from '../modules/news-editor/index.js';
import { defineSavedSearchJobs } from '../modules/search/index.js';

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
export interface JobsPluginOptions {
  /** Wraps each job run: the tracing span of a job (lib/telemetry), when tracing is on. */
  aroundJob?: (name: string, run: () => Promise<void>) => Promise<void>;
}

/** The mailer, counting what it sends and what fails, by transport. */
function countedMailer(mailer: Mailer, metrics: Metrics): Mailer {
  return {
    kind: mailer.kind,
    async send(message) {
      try {
        await mailer.send(message);
      } catch (error) {
        metrics.mail.inc({ transport: mailer.kind, outcome: 'failed' });
        throw error;
      }
      metrics.mail.inc({ transport: mailer.kind, outcome: 'sent' });
    },
  };
}

export const jobsPlugin = rootPlugin<JobsPluginOptions>(
  'portico-jobs',
  async (app, { aroundJob }) => {
    const jobs = createJobQueue(app.db, {
      onError: (error) => app.log.error({ err: error }, 'job queue error'),
      onJobDone: (job, outcome) => app.metrics.jobsRun.inc({ job, outcome }),
      ...(aroundJob ? { aroundJob } : {}),
    });
    app.metrics.gauge(
      'portico_job_queue_depth',
      'Jobs waiting in the shared queue (created or waiting to retry), by queue name. The same on every node: take max, not sum.',
      ['job'],
      async function collect() {
        this.reset();
        // A scrape while the database is away shows no depth rather than failing whole.
        const depths = await jobs.depths().catch(() => new Map<string, number>());
        for (const [job, depth] of depths) this.set({ job }, depth);
      },
    );
    const mailer = countedMailer(
      createMailer(app.db, {
        smtpUrl: app.env.SMTP_URL,
        from: app.env.MAIL_FROM,
        tlsCaFile: app.env.SMTP_TLS_CA,
      }),
      app.metrics,
    );
    defineMailJob(jobs, mailer, async ({ message, failure, permanent, about }) => {
      // Refused for good (5xx, not retried) or given up after the last retry (ADR 0053). The
      // address is not logged; a news mail's failure is recorded for the news editor.
      app.log.warn(
        { subject: message.subject, failure, permanent },
        permanent ? 'mail refused by the mail server' : 'mail not sent after the last retry',
      );
      if (about) await recordNewsMailFailure(app.db, about, failure);
    });
    defineInvitationJob(
      { db: app.db, jobs, mailer },
      { publicUrl: app.env.PUBLIC_URL, externalIdp: app.env.OIDC_ISSUER !== undefined },
    );
    defineSubscriptionJobs(
      { db: app.db, jobs },
      { publicUrl: app.env.PUBLIC_URL, encryptionKey: keyEncryptionKeySource(app.env) },
    ); // issue 12
    defineNewsPublishingJobs({ db: app.db, jobs }); // issue 12: scheduled publication
    defineSavedSearchJobs(
      { db: app.db, jobs },
      { env: app.env, encryptionKey: keyEncryptionKeySource(app.env) },
    ); // issue 38: new results of saved searches
    app.decorate('jobs', jobs);
    app.decorate('mailer', mailer);
    app.addHook('onClose', async () => {
      await jobs.stop();
    });
    return Promise.resolve();
  },
);
