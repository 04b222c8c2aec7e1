import type { LabelEntry } from './content.js';
import type { NewsListItem } from './news.js';
import type { UserProfile } from './user.js';

/**
 * What the API hands the web build's server renderer of the news list (ADR 0044), in
 * process: apps/web/src/first-paint/news-first-paint.tsx renders it, apps/api's
 * modules/first-paint calls it. Everything in it was read or made by the server itself.
 */
export interface NewsFirstPaintInput {
  /** The address asked for: /news or /news/{page}. */
  path: string;
  /** Its query string (none for a first paint). */
  search: string;
  profile: UserProfile;
  /** The labels' language, and the cpplabels answer in it (catalogue and overrides). */
  language: string;
  labels: readonly LabelEntry[];
  news: { items: NewsListItem[]; total: number };
  /** The shared header and footer as the server renders them for this user. */
  header: string;
  footer: string;
}

export type RenderNewsFirstPaint = (input: NewsFirstPaintInput) => string;
