// `npm run bench:signin`: how a burst of wrong sign-in attempts affects signed-in API calls
// (issue 11 part 2, ADR 0014, ADR 0042).
//
//   npm run bench:signin                                 PGlite, in memory
//   DATABASE_URL=postgres://… npm run bench:signin       PostgreSQL, in a scratch schema dropped at the end
//
// First one sign-in at a time, then a 3 s warm-up attack (as any bench measures a warmed
// server: the first burst of a process also compiles the refusal's code and opens the pool's
// connections). Phase "idle": GET /api/news (signed in) at BENCH_RATE requests/s for
// BENCH_SECONDS. Phase "burst": the same, while bursts of BENCH_BURST parallel wrong sign-in
// attempts run back to back, each from its own client address and for its own e-mail address
// (so no rate limit stops them: only the bound on password hashes does). The signed-in caller
// and the attacker each run on a thread of their own, so the server's thread does only the
// server's work. Latency counts from each request's scheduled start. Prints p50/p99 of both
// phases, their ratio (target: burst p99 ≤ 3 × idle), the sign-in answers and the peak
// resident memory.
//
// Knobs (environment): BENCH_RATE (20), BENCH_SECONDS (15), BENCH_BURST (200); the server's own
// SIGN_IN_HASH_CONCURRENCY, SIGN_IN_HASH_QUEUE and SIGN_IN_BUSY_DELAY_MS are passed through
// (e.g. SIGN_IN_BUSY_DELAY_MS=0 to see the server without its slow lane).
import { availableParallelism, loadavg } from 'node:os';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { DEMO_PASSWORD } from '../src/seed/users.js';
import { loadEnv } from '../src/config/env.js';
import { PASSWORD_SCHEME } from '../src/lib/password.js';
import { bearerFor } from '../test/tokens.js';
import { testEnvSource } from '../test/test-app.js';
import { openScratchDb, percentile, positiveInt } from './bench-support.js';
import type { AttackerData } from './sign-in-attacker.js';
import type { CallerData, CallerPhase, CallerResult } from './sign-in-caller.js';

const RATE = positiveInt('BENCH_RATE', 20);
const SECONDS = positiveInt('BENCH_SECONDS', 15);
const BURST = positiveInt('BENCH_BURST', 200);
const WARM_UP_REQUESTS = 20;
const WARM_UP_ATTACK_MS = 3000;
/** After the warm-up attack: its held answers and resting connections are done by then. */
const SETTLE_MS = 3000;
const SIGN_INS = positiveInt('BENCH_SIGN_INS', 21);

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

/**
 * A bench thread running `file` (Node 20 does not carry the tsx loader into workers: the
 * worker registers it itself).
 */
function benchThread(file: string, workerData: unknown): Worker {
  const script = new URL(file, import.meta.url).href;
  return new Worker(
    `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(script)}); })`,
    { eval: true, workerData },
  );
}

/** The signed-in caller's thread: runs one phase per call, in order. */
function startCaller(port: number, authorization: string) {
  const data: CallerData = { port, authorization };
  const caller = benchThread('./sign-in-caller.ts', data);
  const run = (phase: CallerPhase) =>
    new Promise<CallerResult>((resolve, reject) => {
      caller.once('message', resolve);
      caller.once('error', reject);
      caller.postMessage(phase);
    });
  return { run, stop: () => caller.terminate() };
}

/**
 * GET /api/news at RATE per second for SECONDS from the caller's thread, while this thread
 * (the server's) samples its own event-loop delay and memory.
 */
async function measure(caller: ReturnType<typeof startCaller>, name: string): Promise<Phase> {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const sampler = setInterval(sampleMemory, 50);
  try {
    const { latencies, errors } = await caller.run({ rate: RATE, seconds: SECONDS });
    return {
      name,
      latencies: latencies.sort((a, b) => a - b),
      errors,
      loopDelayP99: loop.percentile(99) / 1e6,
    };
  } finally {
    clearInterval(sampler);
    loop.disable();
  }
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
  const attacker = benchThread('./sign-in-attacker.ts', data);
  const result = new Promise<[number, number][]>((resolve, reject) => {
    attacker.once('message', resolve);
    attacker.once('error', reject);
  });
  await until;
  attacker.postMessage('stop');
  const statuses = new Map(await result);
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
const sleep = (delay: number) => new Promise((resolve) => setTimeout(resolve, delay));

async function main(): Promise<void> {
  const scratch = await openScratchDb('signin');
  const passThrough: Record<string, string> = {};
  for (const name of ['SIGN_IN_HASH_CONCURRENCY', 'SIGN_IN_HASH_QUEUE', 'SIGN_IN_BUSY_DELAY_MS']) {
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
        `hash slots ${env.SIGN_IN_HASH_CONCURRENCY}, line ${env.SIGN_IN_HASH_QUEUE}, ` +
        `busy answers after ~${env.SIGN_IN_BUSY_DELAY_MS} ms; ` +
        `${RATE} GET /api/news per second for ${SECONDS} s per phase; bursts of ${BURST}`,
    );
    const caller = startCaller(port, authorization);
    await caller.run({ rate: WARM_UP_REQUESTS, seconds: 1 });

    console.log(`load before: ${loadavg()[0]!.toFixed(1)} (${availableParallelism()} cores)`);
    const signIns = await signInTimes(app);
    // As any bench does, measure a warmed server: the first burst of a run also opens the
    // database pool's connections and compiles the refusal's code, once per process.
    await attack(app, port, sleep(WARM_UP_ATTACK_MS));
    await sleep(SETTLE_MS);
    const idle = await measure(caller, 'idle');
    const idleRss = peakRss;

    const burstPhase = measure(caller, 'during burst');
    const statuses = await attack(app, port, burstPhase);
    const burst = await burstPhase;
    await caller.stop();
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
