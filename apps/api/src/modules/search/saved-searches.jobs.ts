import type { Db } from '../../db/db.js';
import type { JobQueue } from '../../lib/jobs/job-queue.js';
import { NEWS_PUBLISHED_JOB } from '../news/index.js';
import { checkSavedSearches, type SavedSearchDeps } from './saved-searches.service.js';

export const SAVED_SEARCHES_JOB = 'search.saved-searches';
/** Every quarter of an hour: new results are told within about 15 minutes (news at once). */
export const SAVED_SEARCHES_CRON = '*/15 * * * *';

/** The saved searches' check (issue 38), on the job queue's schedule. */
export function defineSavedSearchJobs(
  deps: { db: Db; jobs: JobQueue },
  options: Omit<SavedSearchDeps, 'db' | 'jobs'> & { now?: () => Date },
): void {
  const now = options.now ?? (() => new Date());
  deps.jobs.define<Record<string, never>>({
    name: SAVED_SEARCHES_JOB,
    parse: () => ({}),
    handle: async () => {
      await checkSavedSearches(
        { ...deps, env: options.env, encryptionKey: options.encryptionKey },
        now(),
      );
    },
    cron: SAVED_SEARCHES_CRON,
    // Published news is told at once; the other sources at the next quarter hour.
    follows: [NEWS_PUBLISHED_JOB],
    // A missed run is caught up by the next one (checked_at stays where it was).
    retryLimit: 1,
  });
}
