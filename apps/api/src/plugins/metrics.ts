import type { FastifyInstance, FastifyRequest } from 'fastify';
import proxyAddr from 'proxy-addr';
import { Metrics } from '../lib/metrics/metrics.js';
import { rootPlugin } from '../lib/root-plugin.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's Prometheus metrics (lib/metrics), served at /metrics. */
    metrics: Metrics;
  }
}

export const METRICS_PATH = '/metrics';

/** Requests no route claimed are counted under one label, not under each path tried. */
const UNMATCHED_ROUTE = 'unmatched';

/**
 * Prometheus metrics (issue 24): request counts and durations per route pattern and status,
 * Node.js process metrics, the pg pool, and what the job queue, mailer, sign-in line and read
 * caches report (ADR 0052). /metrics is not public: on the app's port it answers only
 * addresses in METRICS_ALLOW (the client address as TRUST_PROXY decides it, ADR 0015), 404
 * to anyone else; with METRICS_PORT set it is served on that port alone (server.ts).
 */
export const metricsPlugin = rootPlugin('portico-metrics', (app: FastifyInstance) => {
  const metrics = new Metrics();
  app.decorate('metrics', metrics);

  const { db } = app;
  if (db.poolStats) {
    const stats = db.poolStats.bind(db);
    metrics.gauge(
      'portico_db_pool_connections',
      'PostgreSQL pool connections of this node: in use, idle, and requests waiting for one.',
      ['state'],
      function collect() {
        const { total, idle, waiting } = stats();
        this.set({ state: 'in_use' }, total - idle);
        this.set({ state: 'idle' }, idle);
        this.set({ state: 'waiting' }, waiting);
      },
    );
  }

  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern (/api/news/:id), never the path: one series per route, not per id.
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    const labels = { method: request.method, route, status_code: String(reply.statusCode) };
    metrics.httpRequests.inc(labels);
    metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
  });

  const allowed = proxyAddr.compile(app.env.METRICS_ALLOW);
  const mayRead = (request: FastifyRequest) =>
    app.env.METRICS_PORT === undefined && allowed(request.ip, 0);
  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (!mayRead(request)) {
      return reply.callNotFound(); // as any unknown path: nothing says it exists
    }
    const { contentType, body } = await metrics.text();
    return reply.header('cache-control', 'no-store').type(contentType).send(body);
  });
  return Promise.resolve();
});
