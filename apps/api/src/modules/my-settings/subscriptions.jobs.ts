import type { Db } from '../../db/db.js';
import type { JobQueue } from '../../lib/jobs/job-queue.js';
import type { KeyEncryptionKeySource } from '../../lib/key-encryption.js';
import { NEWS_PUBLISHED_JOB, newsPublishedJobData } from '../news/index.js';
import { deliverPublishedNews, sendDueDigests } from './news-delivery.js';

export const DIGEST_JOB = 'subscriptions.digest';
/** Every hour at :05 (UTC); a digest goes out at the first run of its period (ADR 0031). */
export const DIGEST_CRON = '5 * * * *';

export interface SubscriptionJobOptions {
  publicUrl: string;
  /** Decrypts the unsubscribe links' key (ADR 0060). */
  encryptionKey: KeyEncryptionKeySource;
  /** The clock of the digest job (tests inject one). */
  now?: () => Date;
}

/** The jobs of issue 12's delivery: news.published (fan-out) and the digest. */
export function defineSubscriptionJobs(
  deps: { db: Db; jobs: JobQueue },
  options: SubscriptionJobOptions,
): void {
  const delivery = {
    db: deps.db,
    jobs: deps.jobs,
    publicUrl: options.publicUrl,
    encryptionKey: options.encryptionKey,
  };
  const now = options.now ?? (() => new Date());
  deps.jobs.define({
    name: NEWS_PUBLISHED_JOB,
    parse: (data) => newsPublishedJobData.parse(data),
    handle: async ({ newsId }) => {
      await deliverPublishedNews(delivery, newsId);
    },
  });
  deps.jobs.define<Record<string, never>>({
    name: DIGEST_JOB,
    parse: () => ({}),
    handle: async () => {
      await sendDueDigests(delivery, now());
    },
    cron: DIGEST_CRON,
    // A missed run is caught up by the next hour's; no pile of retries.
    retryLimit: 1,
  });
}
