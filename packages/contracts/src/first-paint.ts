import { z } from 'zod';
import type { RuntimeConfig } from './config.js';
import { labelListSchema, type LabelEntry } from './content.js';
import type { NewsListItem } from './news.js';
import type { UserProfile } from './user.js';

/**
 * A GET the page renderer asks for, answered exactly as `/api` answers the signed-in user
 * (the server runs its own route with the user's bearer token): the body and X-Total-Count,
 * or null for any answer but 200 (the page is then the app's to paint).
 */
export type FirstPaintGet = (
  path: string,
) => Promise<{ body: unknown; total: number | null } | null>;

/**
 * What the API hands the web build's server renderer (ADR 0044, 0057, 0075), in process:
 * apps/web/src/first-paint renders the whole app for the address, apps/api's
 * modules/first-paint calls it. Everything in it was read or made by the server itself.
 */
export interface FirstPaintInput {
  /** The address asked for: /news, /news/{page}, /invoices or /my-solutions. */
  path: string;
  /** Its query string (none for a first paint). */
  search: string;
  profile: UserProfile;
  /** The labels' language, and the cpplabels answer in it (catalogue and overrides). */
  language: string;
  labels: readonly LabelEntry[];
  /**
   * The shared header for this user as the app shows it (its buttons shown, collapsed), and
   * the footer in `language`.
   */
  header: string;
  footer: string;
  /** The news list's page, read by the server once for the page and the app's call (ADR 0043). */
  news?: { items: NewsListItem[]; total: number };
  /** The configured bases of the app's calls (§7): the API and the invoices endpoint. */
  endpoints: { api: string; invoices: string };
  get: FirstPaintGet;
  /** The runtime configuration the page carries (ADR 0021): the app renders with it. */
  config: RuntimeConfig;
}

/**
 * What the app needs to take the server's markup over as its own (`hydrateRoot`): the query
 * cache the page was rendered from, the labels' server list (the app merges its own defaults
 * over it, as a fetch would) and the router's loader data. The page holds its digest; the
 * boot script asks for it (FIRST_PAINT_STATE_PATH) and writes it into the page's data block.
 */
export const firstPaintStateSchema = z.object({
  queries: z.unknown().describe('The query cache the page was rendered from (dehydrated).'),
  labels: z.object({ language: z.string(), list: labelListSchema }),
  router: z.object({ loaderData: z.record(z.string(), z.unknown()) }),
});
export type FirstPaintState = z.infer<typeof firstPaintStateSchema>;

export interface FirstPaint {
  /** The app's markup for `#root`. */
  html: string;
  state: FirstPaintState;
}

/** Renders the app for an address, or null when there is nothing to paint. */
export type RenderFirstPaint = (input: FirstPaintInput) => Promise<FirstPaint | null>;

/** The address prefixes that can be painted by the server, each with its own cookie path. */
export const FIRST_PAINT_PATHS = ['/news', '/invoices', '/my-solutions'] as const;

/**
 * Where a painted page's data comes from (ADR 0075, session 33 addendum): the page carries
 * only its digest, and its boot script asks for the data once the first screen's pictures are
 * in, so the bytes never share the slow link with the styles and pictures the first paint
 * waits for (issue 36). The first paint's cookie is sent here too (its own cookie path).
 */
export const FIRST_PAINT_STATE_PATH = '/api/session/first-paint/state';

/** `GET /api/session/first-paint/state?path=…`: the painted address whose data is wanted. */
export const firstPaintStateQuerySchema = z.object({
  path: z
    .string()
    .min(1)
    .max(64)
    .regex(/^\/[a-z0-9/-]*$/, 'a painted address: a path of this site, without a query string')
    .describe('The painted page’s address, e.g. /news or /news/2.'),
});

/** The painted page's data, with the digest its page was written with. */
export const firstPaintStateAnswerSchema = z.object({
  digest: z
    .string()
    .describe(
      'The digest of the data (its timestamps aside). The page holds the digest of the data it was painted from: when the two differ the data changed in between, and the app renders the page anew instead of hydrating it.',
    ),
  state: firstPaintStateSchema,
});
