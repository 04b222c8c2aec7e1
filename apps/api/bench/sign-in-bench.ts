// `npm run bench:signin`: how a burst of wrong sign-in attempts affects signed-in API calls
// (issue 11 part 2, ADR 0014).
//
//   npm run bench:signin                                 PGlite, in memory
//   DATABASE_URL=postgres://… npm run bench:signin       PostgreSQL, in a scratch schema dropped at the end
//
// Phase "idle": GET /api/news (signed in) at BENCH_RATE requests/s for BENCH_SECONDS.
// Phase "burst": the same, while bursts of BENCH_BURST parallel wrong sign-in attempts run back
// to back, each from its own client address and for its own e-mail address (so no rate limit
// stops them: only the bound on password hashes does). Latency counts from each request's
// scheduled start. Prints p50/p99 of both phases, their ratio (target: burst p99 ≤ 3 × idle),
// the sign-in answers and the peak resident memory.
//
// Knobs (environment): BENCH_RATE (20), BENCH_SECONDS (15), BENCH_BURST (200); the server's own
// SIGN_IN_HASH_CONCURRENCY and SIGN_IN_HASH_QUEUE are passed through (e.g. 64 and 10000 to see
// what an unbounded server does).
import { availableParallelism, loadavg } from 'node:os';
import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { DEMO_PASSWORD } from '../src/db/seed/users.js';
import { loadEnv } from '../src/config/env.js';
import { PASSWORD_SCHEME } from '../src/lib/password.js';
import { bearerFor } from '../test/tokens.js';
import { testEnvSource } from '../test/test-app.js';
import { openScratchDb, percentile, positiveInt } from './bench-support.js';
import type { AttackerData } from './sign-in-attacker.js';

const RATE = positiveInt('BENCH_RATE', 20);
const SECONDS = positiveInt('BENCH_SECONDS', 15);
const BURST = positiveInt('BENCH_BURST', 200);
const WARM_UP_REQUESTS = 20;
const SIGN_INS = positiveInt('BENCH_SIGN_INS', 21);
const REQUEST_TIMEOUT_MS = 120_000;

interface Phase {
  name: string;
  latencies: number[];
  errors: number;
  /** p99 of the event loop's delay during the phase (ms): main-thread starvation. */
  loopDelayP99: number;
}

let peakRss = 0;
function sampleMemory(): void {
  peakRss = Math.max(peakRss, process.memoryUsage.rss());
}

// Signed-in calls go over HTTP like the attacker's, on kept-alive connections.
const newsAgent = new Agent({ keepAlive: true });

function timedNews(port: number, authorization: string): Promise<boolean> {
  return new Promise((resolve) => {
    const req = request(
      {
        agent: newsAgent,
        host: '127.0.0.1',
        port,
        path: '/api/news',
        headers: { authorization },
        timeout: REQUEST_TIMEOUT_MS,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode === 200));
      },
    );
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(false));
    req.end();
  });
}

/** GET /api/news at RATE per second for SECONDS, open loop; latency from the scheduled start. */
async function measure(port: number, authorization: string, name: string): Promise<Phase> {
  const phase: Phase = { name, latencies: [], errors: 0, loopDelayP99: 0 };
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const interval = 1000 / RATE;
  const total = RATE * SECONDS;
  const pending: Promise<void>[] = [];
  const t0 = performance.now();
  for (let i = 0; i < total; i += 1) {
    const scheduled = t0 + i * interval;
    const wait = scheduled - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    sampleMemory();
    pending.push(
      timedNews(port, authorization).then((ok) => {
        if (ok) phase.latencies.push(performance.now() - scheduled);
        else phase.errors += 1;
      }),
    );
  }
  await Promise.all(pending);
  loop.disable();
  phase.loopDelayP99 = loop.percentile(99) / 1e6;
  phase.latencies.sort((a, b) => a - b);
  return phase;
}

/** The form address and cookies of one pending sign-in (any attempt may post to it). */
async function openSignIn(app: FastifyInstance): Promise<{ action: string; cookie: string }> {
  const host = new URL(app.env.PUBLIC_URL).host;
  const query = new URLSearchParams({
    client_id: app.env.OIDC_CLIENT_ID,
    response_type: 'code',
    scope: 'openid profile email',
    redirect_uri: `${app.env.PUBLIC_URL}/state-redirect`,
    code_challenge: 'x'.repeat(43),
    code_challenge_method: 'S256',
  });
  const auth = await app.inject({
    method: 'GET',
    url: `/oidc/auth?${query.toString()}`,
    headers: { host },
  });
  const location = auth.headers.location;
  if (typeof location !== 'string') throw new Error(`no interaction redirect (${auth.statusCode})`);
  const cookie = (auth.cookies as { name: string; value: string }[])
    .map((c) => `${c.name}=${c.value}`)
    .join('; ');
  return { action: new URL(location, app.env.PUBLIC_URL).pathname, cookie };
}

/** Bursts of BURST parallel wrong attempts from the attacker's thread until `until` resolves. */
async function attack(
  app: FastifyInstance,
  port: number,
  until: Promise<unknown>,
): Promise<Map<number, number>> {
  const { action, cookie } = await openSignIn(app);
  const data: AttackerData = {
    port,
    host: new URL(app.env.PUBLIC_URL).host,
    action,
    cookie,
    burst: BURST,
  };
  // Node 20 does not carry the tsx loader into workers: the worker registers it itself.
  const script = new URL('./sign-in-attacker.ts', import.meta.url).href;
  const attacker = new Worker(
    `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(script)}); })`,
    { eval: true, workerData: data },
  );
  const sampler = setInterval(sampleMemory, 50);
  const result = new Promise<[number, number][]>((resolve, reject) => {
    attacker.once('message', resolve);
    attacker.once('error', reject);
  });
  await until;
  attacker.postMessage('stop');
  const statuses = new Map(await result);
  clearInterval(sampler);
  await attacker.terminate();
  return statuses;
}

/**
 * One sign-in at a time, SIGN_INS times: the form post that checks the password, from its
 * arrival to the redirect (target: ≤ 100 ms, issue 11 part 2). Each from its own address.
 */
async function signInTimes(app: FastifyInstance): Promise<number[]> {
  const host = new URL(app.env.PUBLIC_URL).host;
  const times: number[] = [];
  for (let i = 0; i < SIGN_INS; i += 1) {
    const { action, cookie } = await openSignIn(app);
    const start = performance.now();
    const response = await app.inject({
      method: 'POST',
      url: action,
      remoteAddress: `192.0.2.${i + 1}`,
      headers: { host, cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        email: 'anna.customer@portico.test',
        password: DEMO_PASSWORD,
      }).toString(),
    });
    const elapsed = performance.now() - start;
    if (response.statusCode !== 303) throw new Error(`sign-in answered ${response.statusCode}`);
    // The first one re-hashes a password stored with older parameters: not a plain sign-in.
    if (i > 0) times.push(elapsed);
  }
  return times.sort((a, b) => a - b);
}

const ms = (v: number) => v.toFixed(1);

async function main(): Promise<void> {
  const scratch = await openScratchDb('signin');
  const passThrough: Record<string, string> = {};
  for (const name of ['SIGN_IN_HASH_CONCURRENCY', 'SIGN_IN_HASH_QUEUE']) {
    const value = process.env[name];
    if (value) passThrough[name] = value;
  }
  // The attacker's thread sends X-Forwarded-For over loopback, as a proxy would.
  // As deployed: read caches on (ADR 0043), proxies on loopback trusted (the attacker's addresses).
  const source = testEnvSource({ TRUST_PROXY: 'loopback', READ_CACHE: '1', ...passThrough });
  const env = { ...loadEnv(source), ...pickDb(scratch.env) };
  const app = await buildApp({ env, db: scratch.db, ready: true });
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const authorization = `Bearer ${await bearerFor(app, 'anna.customer@portico.test')}`;
    console.log(
      `password hashes: ${JSON.stringify(PASSWORD_SCHEME)}; ` +
        `hash slots ${env.SIGN_IN_HASH_CONCURRENCY}, line ${env.SIGN_IN_HASH_QUEUE}; ` +
        `${RATE} GET /api/news per second for ${SECONDS} s per phase; bursts of ${BURST}`,
    );
    for (let i = 0; i < WARM_UP_REQUESTS; i += 1) await timedNews(port, authorization);

    console.log(`load before: ${loadavg()[0]!.toFixed(1)} (${availableParallelism()} cores)`);
    const signIns = await signInTimes(app);
    const idle = await measure(port, authorization, 'idle');
    const idleRss = peakRss;

    const burstPhase = measure(port, authorization, 'during burst');
    const statuses = await attack(app, port, burstPhase);
    const burst = await burstPhase;
    console.log(`load after: ${loadavg()[0]!.toFixed(1)}`);

    console.log('');
    console.log('| phase        | requests | errors | p50 ms | p99 ms | event-loop delay p99 ms |');
    console.log('| ------------ | -------: | -----: | -----: | -----: | ----------------------: |');
    for (const phase of [idle, burst]) {
      console.log(
        `| ${phase.name.padEnd(12)} | ${String(phase.latencies.length + phase.errors).padStart(8)} | ` +
          `${String(phase.errors).padStart(6)} | ${ms(percentile(phase.latencies, 50)).padStart(6)} | ` +
          `${ms(percentile(phase.latencies, 99)).padStart(6)} | ${ms(phase.loopDelayP99).padStart(23)} |`,
      );
    }
    const ratio = percentile(burst.latencies, 99) / percentile(idle.latencies, 99);
    const answers = [...statuses]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${count}×${status}`)
      .join(', ');
    console.log('');
    console.log(
      `one sign-in (form post with the right password, ${signIns.length} one at a time): ` +
        `p50 ${ms(percentile(signIns, 50))} ms, p99 ${ms(percentile(signIns, 99))} ms (target ≤ 100)`,
    );
    console.log(`p99 during burst / idle: ${ratio.toFixed(2)} (target ≤ 3)`);
    console.log(`sign-in answers during the burst: ${answers}`);
    console.log(
      `peak resident memory: idle ${(idleRss / 2 ** 20).toFixed(0)} MB, ` +
        `burst ${(peakRss / 2 ** 20).toFixed(0)} MB`,
    );
    if (idle.errors + burst.errors > 0) process.exitCode = 1;
  } finally {
    newsAgent.destroy();
    await app.close();
    await scratch.dispose();
  }
}

/** The scratch database's settings (schema, URL) over the bench's own environment. */
function pickDb(env: { DATABASE_URL?: string | undefined; DATABASE_SCHEMA: string }) {
  return { DATABASE_URL: env.DATABASE_URL, DATABASE_SCHEMA: env.DATABASE_SCHEMA };
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
