import type { FastifyInstance } from 'fastify';
import { rootPlugin } from '../lib/root-plugin.js';

/**
 * Source maps carry the app's whole source (issue 11 §7). The web build writes none unless
 * SOURCE_MAPS=1 (apps/web/vite.config.ts); should a build still hold some (an older build, a
 * build made with the flag), this server refuses to hand them out unless SOURCE_MAPS=1 is
 * set for it too: a `.map` address answers the ordinary 404. ADR 0017.
 */
export const sourceMapsPlugin = rootPlugin('portico-source-maps', (app: FastifyInstance) => {
  if (app.env.SOURCE_MAPS) return Promise.resolve();
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?', 1)[0] ?? '';
    if (/\.map$/i.test(path) || /%2emap$/i.test(path)) {
      reply.callNotFound();
      return reply;
    }
  });
  return Promise.resolve();
});
