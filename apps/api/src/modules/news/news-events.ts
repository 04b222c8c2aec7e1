import { z } from 'zod';

/**
 * The "a news item went live" event (issue 12). Whatever makes an item visible in /news (the
 * editor publishing now, or the scheduled-publication job when its time comes) enqueues this
 * job in the same transaction, so the event exists exactly when the item does. The
 * subscriptions module handles it: e-mails (now or in a digest) and notifications.
 */
export const NEWS_PUBLISHED_JOB = 'news.published';

export const newsPublishedJobData = z.object({ newsId: z.number().int().positive() });

export type NewsPublishedJobData = z.infer<typeof newsPublishedJobData>;
