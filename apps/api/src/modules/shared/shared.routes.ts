import type { FastifyPluginCallback } from 'fastify';
import { renderFooter } from './footer-template.js';
import { headerTexts, renderHeader, type HeaderTexts } from './header-template.js';
import { loadSprite } from './sprite.js';
import { readUserCookie } from './user-cookie.js';

/**
 * The shared shell pieces (§1, §7 last rows): header and footer as HTML fragments and the
 * icon sprite. Public: the SPA fetches them without a bearer token (the token only goes to
 * addresses containing the API marker, §6).
 */
export const sharedRoutes: FastifyPluginCallback = (app, _options, done) => {
  const sprite = loadSprite();
  const footer = renderFooter(app.env);

  /** The header's texts in a language: its labels over the English defaults (issue 12). */
  async function textsFor(language: string | undefined): Promise<HeaderTexts> {
    const primary = (language ?? '').toLowerCase().split(/[-_]/, 1)[0] ?? '';
    if (primary === '' || primary === 'en') return headerTexts;
    const { rows } = await app.db.query<{ key: string; value: string }>(
      'select key, value from labels where language = $1 and key = any($2::text[])',
      [primary, Object.keys(headerTexts)],
    );
    const texts: HeaderTexts = { ...headerTexts };
    for (const row of rows) {
      if (row.key in texts && row.value.trim() !== '')
        texts[row.key as keyof HeaderTexts] = row.value;
    }
    return texts;
  }

  app.get('/shared/header', async (request, reply) => {
    const user = readUserCookie(request.headers.cookie);
    const texts = await textsFor(user?.language);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'private, no-cache')
      .header('vary', 'Cookie')
      .send(renderHeader(app.env, user, texts));
  });

  app.get('/shared/footer', async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(footer),
  );

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
