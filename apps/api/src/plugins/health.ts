import type { FastifyPluginCallback } from 'fastify';

/**
 * Probes for orchestrators and for `npm start`/tests waiting on the server (issue 2 §7).
 * live: the process answers. ready: migrations (and the demo seed) have run and the server
 * is not shutting down — 503 otherwise, so a load balancer stops sending traffic.
 */
export const healthPlugin: FastifyPluginCallback = (app, _options, done) => {
  const quiet = { logLevel: 'warn' as const };

  app.get('/health/live', quiet, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'live' };
  });

  app.get('/health/ready', quiet, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    if (app.state.shuttingDown) return reply.code(503).send({ status: 'shutting-down' });
    if (!app.state.ready) return reply.code(503).send({ status: 'starting' });
    return { status: 'ready' };
  });
  done();
};
