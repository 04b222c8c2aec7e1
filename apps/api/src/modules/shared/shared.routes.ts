import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import { DESIGN_SHEETS, designSheetCss, designSheetPath } from '../../lib/render/design-tokens.js';
import {
  chooseLanguage,
  serverCatalog,
  textsFor,
  translator,
  type Translate,
} from '../../lib/i18n/translate.js';
import { renderFooter } from './footer-template.js';
import { renderHeader } from './header-template.js';
import { loadSprite } from './sprite.js';
import { readUserCookie, type HeaderUser } from './user-cookie.js';

/** Both answers depend on the USER cookie (its language) and on Accept-Language. */
const VARY = 'Cookie, Accept-Language';

/**
 * The shared shell pieces (§1, §7 last rows): header and footer as HTML fragments and the
 * icon sprite. Public: the SPA fetches them without a bearer token (the token only goes to
 * addresses containing the API marker, §6).
 */
export const sharedRoutes: FastifyPluginCallback = (app, _options, done) => {
  const sprite = loadSprite();

  /**
   * The texts for a request (issue 16): the signed-in user's language from the USER cookie,
   * else Accept-Language; `labels` rows override the catalogue.
   */
  async function textsOf(
    request: FastifyRequest,
  ): Promise<{ user: HeaderUser | null; t: Translate }> {
    const user = readUserCookie(request.headers.cookie);
    // An explicit ?language= (the SPA's footer, which is cached per language) goes first.
    const asked = (request.query as Record<string, unknown> | undefined)?.['language'];
    const language = chooseLanguage(
      {
        explicit: typeof asked === 'string' ? asked : undefined,
        profile: user?.language,
        acceptLanguage: request.headers['accept-language'],
      },
      (message) => request.log.warn(message),
    );
    // The shell must render even when the labels table cannot be read: the catalogue alone.
    const t = await textsFor(app.db, language).catch((error: unknown) => {
      request.log.warn({ err: error }, 'label overrides unavailable for the shared shell');
      return translator(language, serverCatalog(language));
    });
    return { user, t };
  }

  app.get('/shared/header', async (request, reply) => {
    const { user, t } = await textsOf(request);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'private, no-cache')
      .header('vary', VARY)
      .send(renderHeader(app.env, user, t));
  });

  app.get('/shared/footer', async (request, reply) => {
    const { t } = await textsOf(request);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .header('vary', VARY)
      .send(renderFooter(app.env, t));
  });

  // The design tokens and shared control shapes of the server's own pages, the same files
  // the web app is built with.
  for (const sheet of DESIGN_SHEETS) {
    const css = designSheetCss(sheet);
    app.get(designSheetPath(sheet), async (_request, reply) =>
      reply
        .type('text/css; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(css),
    );
  }

  app.get('/shared/sprite.svg', async (_request, reply) =>
    reply
      .type('image/svg+xml; charset=utf-8')
      // Requested as sprite.svg?v=<hash> (config.json spriteHash): a new sprite is a new address.
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('etag', `"${sprite.hash}"`)
      .send(sprite.svg),
  );
  done();
};
