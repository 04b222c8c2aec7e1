import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import {
  newsListQuerySchema,
  safeHeaderImage,
  type FirstPaintGet,
  type LabelEntry,
  type RenderNewsFirstPaint,
  type RenderPageFirstPaint,
  type UserProfile,
} from '@portico/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { chooseLanguage, textsFor } from '../../lib/i18n/translate.js';
import { getLabels } from '../content/index.js';
import { getCachedNewsPage } from '../news/index.js';
import { cookieValue, loadSprite, renderFooter, renderHeader } from '../shared/index.js';
import { getOwnProfile } from '../my-settings/index.js';
import { FIRST_PAINT_COOKIE } from './first-paint-cookie.js';

/** The list addresses a first paint is made for: page 1 or a numbered page, no filters. */
const LIST_PATH = /^\/news(?:\/(\d{1,6}))?\/?$/;
/** The other pages painted by the server (issue 25, ADR 0057), without a query string. */
const PAGE_PATH = /^\/(?:invoices|my-solutions)\/?$/;

/** The renderers of the web build's server entry (dist-ssr/first-paint.js). */
export interface FirstPaintRenderers {
  news: RenderNewsFirstPaint | null;
  page: RenderPageFirstPaint | null;
}

/** Loads the web build's server entry; null when it was not built (the app then paints alone). */
export async function loadFirstPaint(file: string): Promise<FirstPaintRenderers | null> {
  if (!existsSync(file)) return null;
  const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  const news = module['renderNewsFirstPaint'];
  const page = module['renderPageFirstPaint'];
  return {
    news: typeof news === 'function' ? (news as RenderNewsFirstPaint) : null,
    page: typeof page === 'function' ? (page as RenderPageFirstPaint) : null,
  };
}

export interface FirstPaint {
  /** The picture of the page, shown until the app takes over. */
  html: string;
  /**
   * The user's header as /shared/header sends it, for the page's header template: the app
   * takes over with the header the picture shows (greeting, the user's links, the bell's
   * place) instead of the signed-out one, so nothing in it changes or moves (issue 25).
   */
  header: string;
}

/** What every painted page needs: the user the cookie names, their labels, header and footer. */
interface PaintContext {
  token: string;
  profile: UserProfile;
  language: string;
  labels: readonly LabelEntry[];
  /** The header as the app shows it (the picture) and as /shared/header sends it (the template). */
  header: { painted: string; template: string };
  footer: string;
}

async function paintContext(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<PaintContext | null> {
  const token = cookieValue(request.headers.cookie, FIRST_PAINT_COOKIE);
  if (!token) return null;
  const userId = await app.honouredUserOf(token);
  if (!userId) return null;
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
    header: {
      painted: renderHeader(app.env, headerUser, t, { asTheAppShowsIt: true }),
      template: renderHeader(app.env, headerUser, t),
    },
    footer: renderFooter(app.env, t),
  };
}

/** The icons the header draws (the app adds this sprite itself once it runs). */
const spriteHtml = (): string =>
  `<div class="app-icon-sprite" hidden aria-hidden="true">${loadSprite().svg}</div>`;

/**
 * The news list's first paint for this request (ADR 0044), or null: no cookie, a token /api
 * would not honour, not a plain list address (a search, dates or a preview language are
 * the app's to show), or anything failing. It never fails the page: the app paints as before.
 */
export async function newsFirstPaintFor(
  app: FastifyInstance,
  render: RenderNewsFirstPaint,
  request: FastifyRequest,
): Promise<FirstPaint | null> {
  const [path = '/', search = ''] = request.url.split(/\?(.*)/s, 2);
  const list = LIST_PATH.exec(path);
  if (!list || search !== '') return null;
  // The list call's own criteria; a page it would refuse (0, or past the last) is the app's
  // to show.
  const criteria = newsListQuerySchema.safeParse({ page: list[1] ?? '1' });
  if (!criteria.success) return null;
  try {
    const context = await paintContext(app, request);
    if (!context) return null;
    // The page the app's list call asks for next, read once for both (ADR 0043).
    const news = await getCachedNewsPage(app.readCaches.newsList, app.db, criteria.data);
    const html =
      spriteHtml() +
      render({
        path,
        search: '',
        profile: context.profile,
        language: context.language,
        labels: context.labels,
        news: {
          total: news.total,
          // As the app does: only http(s) and same-origin images reach an <img> (issue 11).
          items: news.items.map((item) => ({
            ...item,
            headerImage: safeHeaderImage(item.headerImage),
          })),
        },
        header: context.header.painted,
        footer: context.footer,
      });
    return { html, header: context.header.template };
  } catch (error) {
    request.log.warn({ err: error }, 'no first paint of the news list');
    return null;
  }
}

/** Whether this address is one of the other pages the server may paint. */
export const isPaintedPagePath = (path: string): boolean => PAGE_PATH.test(path);

/**
 * The first paint of `/invoices` or `/my-solutions` (issue 25, ADR 0057), or null as for the
 * news list. The renderer reads the page's data through this server's own routes, run with
 * the user's token (`inject`), so it sees exactly what the app's calls will: the same
 * authorisation, the same answers. A configured endpoint elsewhere (§7) is not read here.
 */
export async function pageFirstPaintFor(
  app: FastifyInstance,
  render: RenderPageFirstPaint,
  request: FastifyRequest,
): Promise<FirstPaint | null> {
  const [path = '/', search = ''] = request.url.split(/\?(.*)/s, 2);
  if (!isPaintedPagePath(path) || search !== '') return null;
  try {
    const context = await paintContext(app, request);
    if (!context) return null;
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
    const html = await render({
      path,
      search: '',
      profile: context.profile,
      language: context.language,
      labels: context.labels,
      header: context.header.painted,
      footer: context.footer,
      endpoints: { api: app.env.API_BASE, invoices: app.env.INVOICES_URL },
      get,
    });
    return html === null ? null : { html: spriteHtml() + html, header: context.header.template };
  } catch (error) {
    request.log.warn({ err: error }, 'no first paint of the page');
    return null;
  }
}
