import {
  FIRST_PAINT_STATE_PATH,
  firstPaintStateAnswerSchema,
  firstPaintStateQuerySchema,
  type RenderFirstPaint,
  type RuntimeConfig,
} from '@portico/contracts';
import {
  serializerCompiler,
  validatorCompiler,
  type FastifyPluginCallbackZod,
} from 'fastify-type-provider-zod';
import { problem, sendProblem } from '../../lib/problem.js';
import { publicErrors } from '../../lib/route-schemas.js';
import { firstPaintDigest, firstPaintFor, paintReaderOf } from './first-paint.service.js';

export interface FirstPaintStateOptions {
  /** The web build's renderer (loaded once, by the plugin that serves the pages). */
  renderer: () => Promise<RenderFirstPaint | null>;
  /** The runtime configuration the pages carry (the app renders with it). */
  config: RuntimeConfig;
}

/**
 * `GET /api/session/first-paint/state` (ADR 0075, session 33 addendum): the data a painted
 * page was rendered from, for its boot script to hand the app once the first screen's
 * pictures are in (issue 36). Read with the first paint's cookie, as the page itself was: the
 * same reader, the same renderer, the same data, and the digest the page carries to tell.
 */
export const firstPaintStateRoutes: FastifyPluginCallbackZod<FirstPaintStateOptions> = (
  app,
  options,
  done,
) => {
  // Registered by the plugin that serves the pages (it holds the renderer), which may run in
  // an app without the OpenAPI plugin's compilers (the platform tests): this route brings its own.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.get(
    FIRST_PAINT_STATE_PATH,
    {
      // The cookie is the credential, as for the page: the app's token is not loaded yet.
      config: { public: true },
      schema: {
        operationId: 'getFirstPaintState',
        summary: 'The data a page painted by the server was rendered from',
        description:
          'Read with the HttpOnly first-paint cookie (PUT /api/session/first-paint), for /news, /news/{page}, /invoices and /my-solutions. 404 when the server would not paint the address for this browser.',
        tags: ['session'],
        security: [],
        querystring: firstPaintStateQuerySchema,
        response: {
          200: firstPaintStateAnswerSchema.describe('The painted page’s data, and its digest.'),
          ...publicErrors(400, 404),
        },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store').header('vary', 'Cookie');
      const { path } = request.query;
      const reader = await paintReaderOf(app, request, path);
      const render = reader ? await options.renderer() : null;
      const paint =
        reader && render
          ? await firstPaintFor(app, render, request, reader, options.config, path)
          : null;
      if (!paint) {
        return sendProblem(
          reply,
          problem(404, 'This address is not painted for this browser.'),
          request,
        );
      }
      return { digest: firstPaintDigest(paint.state), state: paint.state };
    },
  );
  done();
};
