import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { buildApp } from './app.js';
import { loadEnv } from './config/env.js';
import type { Db } from './db/db.js';
import { openDb } from './db/open-db.js';
import { prepareDatabase } from './db/prepare-database.js';
import { sealSecretsAtRest } from './seal-secrets.js';
import { trackConnections } from './lib/connection-drain.js';
import { stopServing } from './lib/stop-serving.js';
import { serveMetrics, type MetricsServer } from './lib/metrics/metrics-server.js';
import { telemetry } from './lib/telemetry/hooks.js';
import { DEMO_PASSWORD, demoUsers } from './seed/users.js';
import { seedDemo } from './seed/seed.js';

/**
 * After the grace period, a stuck drain must not keep a stopping node alive forever
 * (orchestrators kill some time after their own grace; set theirs above SHUTDOWN_GRACE_MS + this).
 */
const drainTimeoutMs = 20_000;

function demoAccountsTable(): string {
  const rows = Object.values(demoUsers).map((u) => {
    const permissions: readonly string[] = u.permissions;
    const role = u.unit4Employee
      ? 'employee'
      : permissions.includes('PARTNER')
        ? 'partner'
        : 'customer';
    return [u.email, role, DEMO_PASSWORD];
  });
  const table = [['Demo account', 'Role', 'Password'], ...rows];
  const widths = [0, 1, 2].map((i) => Math.max(...table.map((r) => (r[i] ?? '').length)));
  return table
    .map((r) => `  ${r.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('   ')}`.trimEnd())
    .join('\n');
}

/**
 * The address to listen on when HOST is unset: `::` takes IPv6 and IPv4 alike, so the portal
 * answers at http://[::1]:8080 as well as at 127.0.0.1 and localhost (issue 11 part 1); a
 * machine with IPv6 switched off gets 0.0.0.0.
 */
async function everyAddress(): Promise<string> {
  const probe = createServer();
  try {
    await new Promise<void>((resolve, reject) => {
      probe.once('error', reject);
      probe.listen({ host: '::', port: 0 }, resolve);
    });
    return '::';
  } catch {
    return '0.0.0.0';
  } finally {
    if (probe.listening) await new Promise((resolve) => probe.close(resolve));
  }
}

/**
 * Starts the portal: listen first (so /health/live answers and /health/ready says 503 while
 * the database is prepared), then migrate, seed the demo data when enabled, and only then
 * report ready (issue 2 §7).
 *
 * SIGTERM/SIGINT stop the node without dropping a request (issue 11 §4, issue 23 §1,
 * ADR 0016):
 * 1. /health/ready answers 503 at once, while everything else, /api included, is served as
 *    usual, each response saying `Connection: close` so clients move to new connections;
 * 2. for SHUTDOWN_GRACE_MS (default 5 s) — time for a load balancer to notice and stop
 *    sending new requests here;
 * 3. then open notification streams end (clients resume elsewhere, ADR 0054), the listener
 *    closes (a new connection is refused): requests already sent are
 *    answered, connections are closed once they have nothing left to answer, with a FIN
 *    (never a reset under a request); the database is closed and the process exits 0.
 * SIGINT (Ctrl-C) skips the grace period. A second signal exits at once.
 */
async function main(): Promise<void> {
  const env = loadEnv();
  const db: Db = await openDb({
    databaseUrl: env.DATABASE_URL,
    schema: env.DATABASE_SCHEMA,
    dataDir: env.DATABASE_URL ? undefined : resolve(env.DATA_DIR),
  });
  const tracing = telemetry(); // set by boot.ts when OTEL_EXPORTER_OTLP_ENDPOINT is set
  const app = await buildApp({ env, db }); // its jobs run in the tracing's spans, if any
  let metricsServer: MetricsServer | undefined;
  const connections = trackConnections(app.server);
  // Answers wait a moment while the listener closes (lib/connection-drain.ts).
  app.addHook('onSend', async () => {
    await connections.answersMayGo();
  });

  const close = async (): Promise<void> => {
    try {
      // End the notification streams, refuse new connections, answer what was sent on open
      // ones, close each when done; then the app (its server no longer listening), the job
      // queue and the database.
      await stopServing(app, connections);
      await metricsServer?.close();
      await db.close();
      await tracing?.shutdown(); // the last spans, before exit drops them
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };

  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) {
      app.log.warn(`${signal} again: exiting without waiting`);
      process.exit(1);
    }
    stopping = true;
    app.state.shuttingDown = true; // /health/ready: 503 from now on; everything else served
    // No client keeps a connection that the listener's close could cut under its next request.
    connections.closeAfterEachResponse();
    // Still starting (not ready, so no balancer sends traffic here), or Ctrl-C at a terminal
    // (orchestrators send SIGTERM): no grace period to wait for.
    const grace = app.state.ready && signal === 'SIGTERM' ? env.SHUTDOWN_GRACE_MS : 0;
    app.log.info(`${signal} received: not ready; closing the listener in ${grace} ms`);
    setTimeout(() => {
      app.log.error('shutdown took too long: exiting');
      process.exit(1);
    }, grace + drainTimeoutMs).unref();
    setTimeout(() => {
      app.log.info('grace period over: closing the listener, finishing in-flight requests');
      void close();
    }, grace);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);

  const host = env.HOST ?? (await everyAddress());
  const address = await app.listen({ host, port: env.PORT });
  if (env.METRICS_PORT !== undefined) {
    metricsServer = await serveMetrics(app.metrics, { host, port: env.METRICS_PORT });
  }
  try {
    // Migrations, demo seed, the queue's own tables, then its workers (ADR 0028): one node
    // at a time, since several may start at once (ADR 0016, addendum).
    const applied = await prepareDatabase(db, {
      seed: env.DEMO_SEED ? seedDemo : undefined,
      startJobs: () => app.jobs.start(),
    });
    if (applied.length > 0) app.log.info({ applied }, 'migrations applied');
    await sealSecretsAtRest(db, env); // old clear keys encrypted before any request (ADR 0060)
  } catch (error) {
    if (app.state.shuttingDown) return; // the database was closed under us by a stop signal
    throw error;
  }
  if (app.state.shuttingDown) return;
  app.state.ready = true;

  const port = new URL(address).port;
  // PORT=0 picks a free port, which PUBLIC_URL's default cannot know.
  const url = env.PORT === 0 ? `http://localhost:${port}` : env.PUBLIC_URL;
  const lines = [
    '',
    `Portico is ready on ${url}  (listening on ${host.includes(':') ? `[${host}]` : host}:${port})`,
    `Database: ${db.kind === 'pglite' ? `embedded PGlite in ${resolve(env.DATA_DIR)}` : 'PostgreSQL'}`,
  ];
  if (env.DEMO_SEED) lines.push('', demoAccountsTable());
  if (env.DEV_OUTBOX && app.mailer.kind === 'outbox') {
    lines.push('', `Mail (invitations) is not sent but kept: open ${url}/dev/outbox`);
  }
  lines.push('', 'Stop with Ctrl-C.', '');
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  console.error('Portico could not start:', error);
  process.exit(1);
});
