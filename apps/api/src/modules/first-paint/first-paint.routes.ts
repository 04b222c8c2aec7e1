import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { bearerTokenOf } from '../../lib/bearer-token.js';
import { bearerErrors, noContent, publicErrors } from '../../lib/route-schemas.js';
import { clearedFirstPaintCookies, firstPaintCookies } from './first-paint-cookie.js';

const tags = ['session'];

/**
 * `PUT`/`DELETE /api/session/first-paint` (ADR 0044): the app hands over its access token
 * after each sign-in or renewal, and takes it back on sign-out. The bearer check has already
 * verified the token (plugins/auth.ts); the cookie carries that same token.
 */
export const firstPaintRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.put(
    '/api/session/first-paint',
    {
      schema: {
        operationId: 'enableFirstPaint',
        summary: 'Let the server render the first paint of the news list and other pages',
        description:
          'Sets HttpOnly cookies, sent only for /news, /invoices and /my-solutions addresses, with the bearer token of this request until it expires. The server then writes those pages into the first HTML.',
        tags,
        response: { 204: noContent('The cookie is set.'), ...bearerErrors() },
      },
    },
    async (request, reply) => {
      const cookies = firstPaintCookies(
        app.env,
        bearerTokenOf(request.headers.authorization) ?? '',
      );
      if (cookies) void reply.header('set-cookie', cookies);
      return reply.code(204).header('cache-control', 'no-store').send(null);
    },
  );

  app.delete(
    '/api/session/first-paint',
    {
      // Signing out must work with an expired or revoked token too.
      config: { public: true },
      schema: {
        operationId: 'disableFirstPaint',
        summary: 'Stop rendering the first paint for this browser',
        tags,
        security: [],
        response: { 204: noContent('The cookie is removed.'), ...publicErrors(400, 415) },
      },
    },
    async (_request, reply) =>
      reply
        .code(204)
        .header('set-cookie', clearedFirstPaintCookies(app.env))
        .header('cache-control', 'no-store')
        .send(null),
  );
  done();
};
