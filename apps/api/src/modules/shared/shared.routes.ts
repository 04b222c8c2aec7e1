import type { FastifyPluginCallback } from 'fastify';
import { renderFooter } from './footer-template.js';
import { renderHeader } from './header-template.js';
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

  app.get('/shared/header', async (request, reply) => {
    const user = readUserCookie(request.headers.cookie);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'private, no-cache')
      .header('vary', 'Cookie')
      .send(renderHeader(app.env, user));
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
