import { z } from 'zod';
import type { Db, Queryable } from '../../db/db.js';
import type { JobQueue } from '../../lib/jobs/job-queue.js';
import { NEWS_PUBLISHED_JOB, saveLiveNews } from '../news/index.js';
import {
  deleteLiveNews,
  findEditorial,
  markAnnounced,
  setNewsProducts,
  setStatus,
  type EditorialRow,
} from './news-editor.repository.js';
import { toItem } from './editorial-item.js';

// Publication (issue 12): what readers see follows the editorial item — live, scheduled for
// later (a job publishes it on time), or taken down; the first publication is announced.

/** The scheduled publication of one item (ADR 0032): idempotent, re-checks when it runs. */
export const NEWS_SCHEDULED_PUBLICATION_JOB = 'news.publish-scheduled';

const scheduledJobData = z.object({ newsId: z.number().int().positive() });

export interface NewsEditorDeps {
  db: Db;
  jobs: JobQueue;
  /** The clock (tests move it); epoch milliseconds. */
  now?: () => number;
}

export const nowOf = (deps: NewsEditorDeps): number => (deps.now ?? Date.now)();

/**
 * Brings /news in line with the editorial row, in the caller's transaction: a published item
 * is inserted (under its own id) or updated in `news` with its product targets, and its
 * news.published event is enqueued the first time only; any other state takes it out of
 * /news; a scheduled item gets a job at its publication time.
 */
export async function syncLive(
  tx: Queryable,
  jobs: JobQueue,
  row: EditorialRow,
  now: number,
): Promise<void> {
  if (row.status !== 'published') {
    await deleteLiveNews(tx, row.id);
    if (row.status === 'scheduled') {
      await jobs.enqueue(
        NEWS_SCHEDULED_PUBLICATION_JOB,
        { newsId: row.id },
        { tx, startAfterSeconds: Math.max(1, Math.ceil((row.publication_ms - now) / 1000)) },
      );
    }
    return;
  }
  const live = {
    title: row.title,
    subtitle: row.subtitle || null,
    location: row.location || null,
    publicationDate: row.publication_ms,
    introduction: row.introduction || null,
    content: row.content,
    headerImage: toItem(row).headerImage,
    sales: row.sales,
  };
  await saveLiveNews(tx, row.id, live);
  await setNewsProducts(tx, row.id, row.product_ids);
  // Announced once per item: re-publishing after an unpublish or an edit tells no one again.
  // An event: the subscribers' delivery and the saved searches both hear of it.
  if (await markAnnounced(tx, row.id)) {
    await jobs.publish(NEWS_PUBLISHED_JOB, { newsId: row.id }, { tx });
  }
}

/**
 * The scheduled-publication job. It runs when the item's time has come, re-reading the item
 * under a lock: only an item still scheduled is published (an unpublished, deleted, or
 * already published one is left alone); one whose time has not come (its date was moved
 * later, or this node's clock is behind) gets a job for the remaining time. Running it twice
 * publishes once.
 */
export async function publishScheduled(deps: NewsEditorDeps, newsId: number): Promise<void> {
  const now = nowOf(deps);
  await deps.db.transaction(async (tx) => {
    const row = await findEditorial(tx, newsId, true);
    if (!row || row.status !== 'scheduled') return;
    if (row.publication_ms > now) {
      await syncLive(tx, deps.jobs, row, now);
      return;
    }
    await setStatus(tx, newsId, 'published');
    await syncLive(tx, deps.jobs, { ...row, status: 'published' }, now);
  });
}

export function defineNewsPublishingJobs(deps: NewsEditorDeps): void {
  deps.jobs.define({
    name: NEWS_SCHEDULED_PUBLICATION_JOB,
    parse: (data) => scheduledJobData.parse(data),
    handle: ({ newsId }) => publishScheduled(deps, newsId),
  });
}
