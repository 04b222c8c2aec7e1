// `npm run bench:stream`: live notification streams under load (issue 34, ADR 0054 addendum).
// One node holds BENCH_STREAMS (1000) streams of BENCH_USERS (100) users; each round
// publishes one news item to all of them (one notification per user in one transaction, as
// the delivery job writes them) while an unrelated user calls GET /api/notifications at a
// fixed rate. Prints the delivery p99 (commit → event at the client) and the unrelated
// calls' p99 during the fan-out, against a quiet baseline.
//
//   npm run bench:stream                                 PGlite, in memory
//   DATABASE_URL=postgres://… npm run bench:stream       PostgreSQL, in a scratch schema dropped at the end
//
// Knobs: BENCH_STREAMS (1000), BENCH_USERS (100), BENCH_ROUNDS (5). Loopback only; the whole
// run is cut off after 5 minutes. Targets (issue 34): delivery p99 ≤ 1 s, unrelated p99 ≤ 50 ms.
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { notificationStreamTicketSchema } from '@portico/contracts';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { demoUsers } from '../src/seed/users.js';
import { bearerFor } from '../test/tokens.js';
import { openScratchDb, percentile, positiveInt } from './bench-support.js';
import type {
  Arrivals,
  CallerPhase,
  CallerResult,
  ClientData,
  StreamsReady,
} from './stream-bench-client.js';

const STREAMS = positiveInt('BENCH_STREAMS', 1000);
const USERS = positiveInt('BENCH_USERS', 100);
const ROUNDS = positiveInt('BENCH_ROUNDS', 5);
const CALL_RATE = 100; // unrelated calls per second
const WHOLE_RUN_MS = 5 * 60_000;

const epochNow = (): number => performance.timeOrigin + performance.now();
const ms = (n: number): string => `${n.toFixed(1)} ms`;

/** A client thread (Node 20 does not carry the tsx loader into workers: it registers it). */
function clientThread(workerData: ClientData): Worker {
  const script = new URL('./stream-bench-client.ts', import.meta.url).href;
  return new Worker(
    `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(script)}); })`,
    { eval: true, workerData },
  );
}
const ask = <T>(worker: Worker, message: unknown): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    if (message !== undefined) worker.postMessage(message);
  });

async function main(): Promise<void> {
  const cutOff = setTimeout(() => {
    console.error(`bench:stream did not finish within ${WHOLE_RUN_MS / 60_000} minutes`);
    process.exit(1);
  }, WHOLE_RUN_MS);
  cutOff.unref();
  const { db, env, label, dispose } = await openScratchDb('stream');
  let app: FastifyInstance | undefined;
  const workers: Worker[] = [];
  try {
    await db.query(
      `insert into users (id, email, password_hash, first_name, last_name, account_id, username,
                          status, role, permissions)
       select 'u-stream-' || g, 'stream.user.' || g || '@northwind.test', null, 'Stream', 'User ' || g,
              'acc-northwind', 'streamuser' || g, 'Active', 'standard', array['NEWS']
         from generate_series(1, $1::integer) g`,
      [USERS],
    );
    // The defaults of a production node (caps included), the read caches on.
    app = await buildApp({ env: { ...env, READ_CACHE: true }, db, ready: true });
    await app.ready();
    // The publish job is queued, never run: the bench writes the notifications itself.
    await app.jobs.start({ work: false });
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const port = Number(new URL(address).port);

    const tokens: string[] = [];
    for (let u = 1; u <= USERS; u++)
      tokens.push(await bearerFor(app, `stream.user.${u}@northwind.test`));
    const tickets: string[] = [];
    for (let i = 0; i < STREAMS; i++) {
      const response = await app.inject({
        method: 'GET',
        url: '/api/notifications/stream-ticket',
        headers: { authorization: `Bearer ${tokens[i % USERS]!}` },
      });
      tickets.push(notificationStreamTicketSchema.parse(response.json()).ticket);
    }
    const openedAt = performance.now();
    const streams = clientThread({ role: 'streams', port, tickets });
    workers.push(streams);
    const ready = await ask<StreamsReady>(streams, undefined);
    console.log(
      `${ready.opened} streams of ${USERS} users open on one node in ${((performance.now() - openedAt) / 1000).toFixed(1)} s (${ready.refused} refused)`,
    );

    const erik = `Bearer ${await bearerFor(app, demoUsers.erik.email)}`;
    const newsIds: string[] = [];
    for (let r = 1; r <= ROUNDS; r++) {
      const created = await app.inject({
        method: 'POST',
        url: '/api/news',
        headers: { authorization: erik },
        payload: {
          title: `Bench round ${r}`,
          subtitle: 'Bench',
          location: 'Oslo',
          publicationDate: Date.now() - 60_000,
          introduction: 'An introduction.',
          content: '<p>Bench</p>',
          headerImage: null,
          sales: false,
          productIds: [],
          action: 'publish',
        },
      });
      if (created.statusCode !== 201)
        throw new Error(`publishing failed: ${created.statusCode} ${created.body}`);
      newsIds.push(created.json<{ id: string | number }>().id.toString());
    }

    const caller = clientThread({
      role: 'caller',
      port,
      authorization: `Bearer ${await bearerFor(app, demoUsers.nina.email)}`,
      path: '/api/notifications',
    });
    workers.push(caller);
    const call = (phase: CallerPhase) => ask<CallerResult>(caller, phase);
    const baseline = await call({ rate: CALL_RATE, seconds: 2 });

    const deliveries: number[] = [];
    const during: CallerResult = { latencies: [], errors: baseline.errors };
    let missing = 0;
    let busyMs = 0;
    for (let r = 1; r <= ROUNDS; r++) {
      const calls = call({ rate: CALL_RATE, seconds: 2 });
      await new Promise((resolve) => setTimeout(resolve, 300));
      const elu = performance.eventLoopUtilization();
      const committedFrom = epochNow();
      // As the delivery job writes them: one row per recipient, one transaction.
      await db.transaction(async (tx) => {
        for (let u = 1; u <= USERS; u++) {
          await tx.query(
            `insert into user_notifications (user_id, source, type, icon, title, content, path, link)
             values ($1, $2, 'information', 'news', $3, 'An introduction.', '/news', 'Read the article')`,
            [`u-stream-${u}`, `news:${newsIds[r - 1]!}`, `Bench round ${r}`],
          );
        }
      });
      const arrivals = await ask<Arrivals>(streams, { kind: 'collect', round: r, timeoutMs: 5000 });
      busyMs += performance.eventLoopUtilization(elu).active;
      missing += ready.opened - arrivals.length;
      deliveries.push(...arrivals.map((at) => at - committedFrom));
      const result = await calls;
      during.latencies.push(...result.latencies);
      during.errors += result.errors;
    }

    deliveries.sort((a, b) => a - b);
    during.latencies.sort((a, b) => a - b);
    baseline.latencies.sort((a, b) => a - b);
    const deliveryP99 = percentile(deliveries, 99);
    const duringP99 = percentile(during.latencies, 99);
    console.log(`\n${ROUNDS} publishes, each to all ${USERS} users (${ready.opened} streams):`);
    console.log(
      `delivery (commit started → event at the client): p50 ${ms(percentile(deliveries, 50))}, p99 ${ms(deliveryP99)}, max ${ms(deliveries.at(-1) ?? Number.NaN)}; ${deliveries.length} delivered, ${missing} missing`,
    );
    console.log(
      `server main thread busy per publish (fan-out until every stream had it): ${ms(busyMs / ROUNDS)}`,
    );
    console.log(
      `unrelated GET /api/notifications at ${CALL_RATE}/s, quiet: p50 ${ms(percentile(baseline.latencies, 50))}, p99 ${ms(percentile(baseline.latencies, 99))}`,
    );
    console.log(
      `unrelated GET /api/notifications at ${CALL_RATE}/s, during the publishes: p50 ${ms(percentile(during.latencies, 50))}, p99 ${ms(duringP99)}, max ${ms(during.latencies.at(-1) ?? Number.NaN)} (${during.latencies.length} calls, ${during.errors} failed)`,
    );
    const met = deliveryP99 <= 1000 && duringP99 <= 50 && missing === 0 && during.errors === 0;
    console.log(
      `targets (delivery p99 ≤ 1 s, unrelated p99 ≤ 50 ms, none lost): ${met ? 'met' : 'MISSED'}`,
    );
    console.log(
      `\n${label}, ${availableParallelism()} cores; load average ${(loadavg()[0] ?? 0).toFixed(1)}`,
    );
    if (!met) process.exitCode = 1;
  } finally {
    for (const worker of workers) {
      worker.postMessage('stop');
      await worker.terminate();
    }
    await app?.close();
    await dispose();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
