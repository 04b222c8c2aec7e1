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

/**
 * A GET the page renderer asks for, answered exactly as `/api` answers the signed-in user
 * (the server runs its own route with the user's bearer token): the body and X-Total-Count,
 * or null for any answer but 200 (the page is then the app's to paint).
 */
export type FirstPaintGet = (
  path: string,
) => Promise<{ body: unknown; total: number | null } | null>;

/**
 * The first paint of another page than the news list (issue 25: `/invoices`,
 * `/my-solutions`): the renderer reads the page's own calls through `get`, under the §7
 * addresses the app would call, and answers null when it has nothing to paint.
 */
export interface PageFirstPaintInput {
  path: string;
  search: string;
  profile: UserProfile;
  language: string;
  labels: readonly LabelEntry[];
  header: string;
  footer: string;
  /** The configured bases of the app's calls (§7): the API and the invoices endpoint. */
  endpoints: { api: string; invoices: string };
  get: FirstPaintGet;
}

export type RenderPageFirstPaint = (input: PageFirstPaintInput) => Promise<string | null>;

/** The address prefixes that can be painted by the server, each with its own cookie path. */
export const FIRST_PAINT_PATHS = ['/news', '/invoices', '/my-solutions'] as const;
