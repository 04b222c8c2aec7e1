import type { FastifyPluginCallback } from 'fastify';
import { loadSprite } from '../shared/index.js';
import { buildRuntimeConfig } from './runtime-config.service.js';

/** GET /config.json: public, never cached (a configuration change applies on the next load). */
export const runtimeConfigRoutes: FastifyPluginCallback = (app, _options, done) => {
  const config = buildRuntimeConfig(app.env, loadSprite().hash);
  app.get('/config.json', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return config;
  });
  done();
};
