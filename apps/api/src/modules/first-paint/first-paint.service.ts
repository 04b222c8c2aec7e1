import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import {
  newsListQuerySchema,
  safeHeaderImage,
  type FirstPaint,
  type FirstPaintGet,
  type FirstPaintState,
  type LabelEntry,
  type RenderFirstPaint,
  type RuntimeConfig,
  type UserProfile,
} from '@portico/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { chooseLanguage, textsFor } from '../../lib/i18n/translate.js';
import { getLabels } from '../content/index.js';
import { getCachedNewsPage } from '../news/index.js';
import { cookieValue, renderFooter, renderHeader } from '../shared/index.js';
import { getOwnProfile } from '../my-settings/index.js';
import { FIRST_PAINT_COOKIE } from './first-paint-cookie.js';

/** The addresses a first paint is made for: the news list (page 1 or a numbered page), */
/** /invoices and the My Solutions dashboard (issue 25, ADR 0057), without a query string. */
const NEWS_PATH = /^\/news(?:\/(\d{1,6}))?\/?$/;
const PAGE_PATH = /^\/(?:invoices|my-solutions)\/?$/;

/** Whether the server may paint this address (the cookie and the token decide the rest). */
export const isPaintedPath = (path: string): boolean =>
  NEWS_PATH.test(path) || PAGE_PATH.test(path);

/** Loads the web build's server entry; null when it was not built (the app then paints alone). */
export async function loadFirstPaint(file: string): Promise<RenderFirstPaint | null> {
  if (!existsSync(file)) return null;
  const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  const render = module['renderFirstPaint'];
  return typeof render === 'function' ? (render as RenderFirstPaint) : null;
}

/** What every painted page needs: the user the cookie names, their labels, header and footer. */
interface PaintContext {
  token: string;
  profile: UserProfile;
  language: string;
  labels: readonly LabelEntry[];
  /**
   * The header as the app shows it (its Menu, Search and More buttons shown and collapsed),
   * so nothing in it moves when the app takes it over.
   */
  header: string;
  footer: string;
}

/** Whom a page is painted for: the user whose token the cookie holds, as /api would honour it. */
export interface PaintReader {
  token: string;
  userId: string;
}

/**
 * Whether the server paints this request's page, and for whom (ADR 0044, 0057): a painted
 * address without a query string (a search, dates or a preview language are the app's to
 * show) and a cookie whose token /api would honour. Quick (the token state is a read cache),
 * so the page's head can be sent before the paint (ADR 0077).
 */
export async function paintReaderOf(
  app: FastifyInstance,
  request: FastifyRequest,
  url = request.url,
): Promise<PaintReader | null> {
  const [path = '/', search = ''] = url.split(/\?(.*)/s, 2);
  if (!isPaintedPath(path) || search !== '') return null;
  const token = cookieValue(request.headers.cookie, FIRST_PAINT_COOKIE);
  if (!token) return null;
  try {
    const userId = await app.honouredUserOf(token);
    return userId ? { token, userId } : null;
  } catch (error) {
    request.log.warn({ err: error }, 'no first paint of the page');
    return null;
  }
}

async function paintContext(
  app: FastifyInstance,
  { token, userId }: PaintReader,
): Promise<PaintContext> {
  const profile = await getOwnProfile(app.db, userId);
  const language = chooseLanguage({ profile: profile.language });
  const [labels, t] = await Promise.all([getLabels(app.db, language), textsFor(app.db, language)]);
  const headerUser = {
    firstName: profile.firstName,
    lastName: profile.lastName,
    permissions: profile.permissions,
    language,
  };
  return {
    token,
    profile,
    language,
    labels,
    header: renderHeader(app.env, headerUser, t, { asTheAppShowsIt: true }),
    footer: renderFooter(app.env, t),
  };
}

/**
 * The news list's page as the app's list call will ask for it, read once for both (ADR 0043);
 * undefined for another address, null for a page the call would refuse (0, or past the last).
 */
async function newsPageFor(app: FastifyInstance, path: string) {
  const list = NEWS_PATH.exec(path);
  if (!list) return undefined;
  const criteria = newsListQuerySchema.safeParse({ page: list[1] ?? '1' });
  if (!criteria.success) return null;
  const news = await getCachedNewsPage(app.readCaches.newsList, app.db, criteria.data);
  return {
    total: news.total,
    // As the app does: only http(s) and same-origin images reach an <img> (issue 11).
    items: news.items.map((item) => ({ ...item, headerImage: safeHeaderImage(item.headerImage) })),
  };
}

/**
 * The first paint of this request's page for its reader (ADR 0044, 0057, 0075), or null when
 * anything fails: it never fails the page, the app then paints it. The renderer reads the
 * page's other data through this server's own routes, run with the user's token (`inject`),
 * so it sees exactly what the app's calls will: the same authorisation, the same answers. A
 * configured endpoint elsewhere (§7) is not read here.
 */
export async function firstPaintFor(
  app: FastifyInstance,
  render: RenderFirstPaint,
  request: FastifyRequest,
  reader: PaintReader,
  config: RuntimeConfig,
  path = request.url.split('?', 1)[0] ?? '/',
): Promise<FirstPaint | null> {
  try {
    const context = await paintContext(app, reader);
    const news = await newsPageFor(app, path);
    if (news === null) return null;
    const get: FirstPaintGet = async (address) => {
      // Only this server's own paths (an endpoint configured elsewhere is the app's to call).
      if (!address.startsWith('/') || address.startsWith('//')) return null;
      const answer = await app.inject({
        method: 'GET',
        url: address,
        headers: {
          authorization: `Bearer ${context.token}`,
          accept: 'application/json',
        },
      });
      if (answer.statusCode !== 200) return null;
      const total = Number(answer.headers['x-total-count']);
      return { body: answer.json(), total: Number.isFinite(total) ? total : null };
    };
    const paint = await render({
      path,
      search: '',
      profile: context.profile,
      language: context.language,
      labels: context.labels,
      header: context.header,
      footer: context.footer,
      ...(news ? { news } : {}),
      endpoints: { api: app.env.API_BASE, invoices: app.env.INVOICES_URL },
      get,
      config,
    });
    return paint;
  } catch (error) {
    request.log.warn({ err: error }, 'no first paint of the page');
    return null;
  }
}

/**
 * The digest of a painted page's data, its timestamps aside (when the server read each query):
 * the page carries it, and the data asked for later (FIRST_PAINT_STATE_PATH) is the page's own
 * when it has the same digest. Another digest means the data changed in between (a news item
 * published, a profile edited): the app then renders the page anew instead of hydrating
 * markup made from other data.
 */
export function firstPaintDigest(state: FirstPaintState): string {
  const stable = JSON.stringify(state, (key, value: unknown) =>
    key === 'dataUpdatedAt' || key === 'errorUpdatedAt' || key === 'dehydratedAt'
      ? undefined
      : value,
  );
  return createHash('sha256').update(stable, 'utf8').digest('base64url');
}
