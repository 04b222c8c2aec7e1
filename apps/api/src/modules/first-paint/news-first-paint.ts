import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import {
  newsListQuerySchema,
  safeHeaderImage,
  type RenderNewsFirstPaint,
} from '@portico/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { chooseLanguage, textsFor } from '../../lib/i18n/translate.js';
import { getLabels } from '../content/content.service.js';
import { getCachedNewsPage } from '../news/news.service.js';
import { renderFooter } from '../shared/footer-template.js';
import { renderHeader } from '../shared/header-template.js';
import { loadSprite } from '../shared/sprite.js';
import { cookieValue } from '../shared/user-cookie.js';
import { getOwnProfile } from '../users/users.service.js';
import { FIRST_PAINT_COOKIE } from './first-paint-cookie.js';

/** The list addresses a first paint is made for: page 1 or a numbered page, no filters. */
const LIST_PATH = /^\/news(?:\/(\d{1,6}))?\/?$/;

/** Loads the web build's server entry; null when it was not built (the app then paints alone). */
export async function loadNewsFirstPaint(file: string): Promise<RenderNewsFirstPaint | null> {
  if (!existsSync(file)) return null;
  const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  const render = module['renderNewsFirstPaint'];
  return typeof render === 'function' ? (render as RenderNewsFirstPaint) : null;
}

export interface NewsFirstPaint {
  /** The picture of the page, shown until the app takes over. */
  html: string;
  /**
   * The user's header as /shared/header sends it, for the page's header template: the app
   * takes over with the header the picture shows (greeting, the user's links, the bell's
   * place) instead of the signed-out one, so nothing in it changes or moves (issue 25).
   */
  header: string;
}

/**
 * The news list's first paint for this request (ADR 0044), or null: no cookie, a token /api
 * would not honour, not a plain list address (a search, dates or a preview language are
 * the app's to show), or anything failing. It never fails the page: the app paints as before.
 */
export async function newsFirstPaintFor(
  app: FastifyInstance,
  render: RenderNewsFirstPaint,
  request: FastifyRequest,
): Promise<NewsFirstPaint | null> {
  const [path = '/', search = ''] = request.url.split(/\?(.*)/s, 2);
  const list = LIST_PATH.exec(path);
  if (!list || search !== '') return null;
  // The list call's own criteria; a page it would refuse (0, or past the last) is the app's
  // to show.
  const criteria = newsListQuerySchema.safeParse({ page: list[1] ?? '1' });
  if (!criteria.success) return null;
  const token = cookieValue(request.headers.cookie, FIRST_PAINT_COOKIE);
  if (!token) return null;
  try {
    const userId = await app.honouredUserOf(token);
    if (!userId) return null;
    const profile = await getOwnProfile(app.db, userId);
    const language = chooseLanguage({ profile: profile.language });
    const [labels, t, news] = await Promise.all([
      getLabels(app.db, language),
      textsFor(app.db, language),
      // The page the app's list call asks for next, read once for both (ADR 0043).
      getCachedNewsPage(app.readCaches.newsList, app.db, criteria.data),
    ]);
    const headerUser = {
      firstName: profile.firstName,
      lastName: profile.lastName,
      permissions: profile.permissions,
      language,
    };
    // The icons the header draws (the app adds this sprite itself once it runs).
    const sprite = `<div class="app-icon-sprite" hidden aria-hidden="true">${loadSprite().svg}</div>`;
    const html =
      sprite +
      render({
        path,
        search: '',
        profile,
        language,
        labels,
        news: {
          total: news.total,
          // As the app does: only http(s) and same-origin images reach an <img> (issue 11).
          items: news.items.map((item) => ({
            ...item,
            headerImage: safeHeaderImage(item.headerImage),
          })),
        },
        header: renderHeader(app.env, headerUser, t, { asTheAppShowsIt: true }),
        footer: renderFooter(app.env, t),
      });
    return { html, header: renderHeader(app.env, headerUser, t) };
  } catch (error) {
    request.log.warn({ err: error }, 'no first paint of the news list');
    return null;
  }
}
