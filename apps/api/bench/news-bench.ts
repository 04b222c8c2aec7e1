// `npm run bench:news`: GET /api/news over 100 000 news items at a fixed request rate.
//
//   npm run bench:news                                   PGlite, in memory
//   DATABASE_URL=postgres://… npm run bench:news         PostgreSQL, in a scratch schema dropped at the end
//
// First, on the demo data: the size of the list answer (page 1 of 30) and its throughput
// against a bare Fastify route answering the same bytes (autocannon, closed loop).
// Then, over the filled table: latency of the request mix at a fixed rate.
//
// Knobs (environment): BENCH_ROWS (100000), BENCH_RATE requests/s (50), BENCH_SECONDS (20),
// BENCH_THROUGHPUT_SECONDS per server (10, 0 skips the phase), BENCH_CONNECTIONS (20),
// BENCH_EXPLAIN=1 also prints EXPLAIN (ANALYZE, BUFFERS) of each kind's query, BENCH_KEEP=1
// keeps the scratch schema and BENCH_SCHEMA=<kept schema> measures it again without a fill.
// Exits non-zero only when a request failed (non-200, or no answer in time).
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import type { Env } from '../src/config/env.js';
import type { Db } from '../src/db/db.js';
import { bearerFor } from '../test/tokens.js';
import { openScratchDb, percentile, positiveInt, printTable } from './bench-support.js';
import { FILL_WORDS, fillNewsRange } from './news-fill.js';
import { explainKinds } from './news-explain.js';
import { bareServer, listen, measure, printThroughput } from './news-throughput.js';

const ROWS = positiveInt('BENCH_ROWS', 100_000);
const RATE = positiveInt('BENCH_RATE', 50);
const SECONDS = positiveInt('BENCH_SECONDS', 20);
const THROUGHPUT_SECONDS = nonNegativeInt('BENCH_THROUGHPUT_SECONDS', 10);
const CONNECTIONS = positiveInt('BENCH_CONNECTIONS', 20);
const WARM_UP_SECONDS = 2;
/** A request still unanswered after this counts as an error (and bounds the run). */
const REQUEST_TIMEOUT_MS = 10_000;
/** Open-loop, but bounded: past this many requests in flight, new ones count as errors. */
const MAX_IN_FLIGHT = 500;

const DAY = 24 * 60 * 60 * 1000;

/** The kinds of request the mix rotates through; each returns the next URL of its kind. */
interface Kind {
  name: string;
  next(i: number): string;
}

function kinds(newest: number): Kind[] {
  const commonWords = [FILL_WORDS.common, 'release', 'finance'];
  const rareWords = [FILL_WORDS.rare, 'Valletta', 'Tromso'];
  return [
    { name: 'first page', next: () => '/api/news' },
    { name: 'deep page (1000)', next: (i) => `/api/news?page=${1000 + (i % 3)}&size=30` },
    {
      name: 'common-word search',
      next: (i) => `/api/news?query=${commonWords[i % commonWords.length]!}&page=${1 + (i % 2)}`,
    },
    {
      name: 'rare-word search',
      next: (i) => `/api/news?query=${rareWords[i % rareWords.length]!}`,
    },
    {
      name: 'no-match search',
      next: (i) => `/api/news?query=${FILL_WORDS.none}${i % 2 ? '' : '%20launch'}`,
    },
    {
      // A 30-day window somewhere in the ten years, in both date forms.
      name: 'date range (30 days)',
      next: (i) => {
        const end = newest - ((i * 37) % 3600) * DAY;
        const start = end - 30 * DAY;
        return i % 2
          ? `/api/news?fromDateTime=${start}&toDateTime=${end}`
          : `/api/news?startDate=${new Date(start).toISOString().slice(0, 10)}&endDate=${new Date(end).toISOString().slice(0, 10)}`;
      },
    },
  ];
}

interface Sample {
  kind: string;
  ms: number;
  ok: boolean;
}

async function request(app: FastifyInstance, url: string, authorization: string): Promise<boolean> {
  const answer = app.inject({ method: 'GET', url, headers: { authorization } }).then(
    (r) => r.statusCode === 200 && r.headers['x-total-count'] !== undefined,
    () => false,
  );
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), REQUEST_TIMEOUT_MS);
  });
  try {
    return await Promise.race([answer, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Sends requests at a fixed rate regardless of how fast answers come (open loop), rotating
 * through the kinds. Latency is measured from each request's scheduled start, so a server
 * that falls behind shows it (no coordinated omission).
 */
async function drive(
  app: FastifyInstance,
  authorization: string,
  mix: Kind[],
  seconds: number,
): Promise<Sample[]> {
  const total = seconds * RATE;
  const interval = 1000 / RATE;
  const samples: Sample[] = [];
  const pending: Promise<void>[] = [];
  let inFlight = 0;
  const t0 = performance.now();
  for (let i = 0; i < total; i++) {
    const scheduled = t0 + i * interval;
    const wait = scheduled - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const kind = mix[i % mix.length]!;
    const url = kind.next(Math.floor(i / mix.length));
    if (inFlight >= MAX_IN_FLIGHT) {
      samples.push({ kind: kind.name, ms: Number.NaN, ok: false });
      continue;
    }
    inFlight++;
    pending.push(
      request(app, url, authorization).then((ok) => {
        inFlight--;
        samples.push({ kind: kind.name, ms: performance.now() - scheduled, ok });
      }),
    );
  }
  await Promise.all(pending);
  return samples;
}

function report(samples: Sample[], mix: Kind[]): number {
  const header = ['kind', 'requests', 'errors', 'p50 ms', 'p99 ms', 'max ms'];
  const rows = mix.map((kind) => {
    const mine = samples.filter((s) => s.kind === kind.name);
    const times = mine
      .filter((s) => s.ok)
      .map((s) => s.ms)
      .sort((a, b) => a - b);
    const errors = mine.filter((s) => !s.ok).length;
    const fmt = (n: number) => (Number.isNaN(n) ? '-' : n.toFixed(1));
    return [
      kind.name,
      String(mine.length),
      String(errors),
      fmt(percentile(times, 50)),
      fmt(percentile(times, 99)),
      fmt(times.at(-1) ?? Number.NaN),
    ];
  });
  printTable(header, rows);
  return samples.filter((s) => !s.ok).length;
}

/**
 * Drops the news indexes for the bulk fill and builds them again afterwards (far faster).
 * PostgreSQL fills in one range per core, concurrently; PGlite has one connection.
 */
async function fillWithoutIndexes(db: Db, rows: number): Promise<void> {
  // The news indexes and those of its postings (migration 028), whose triggers write them.
  const { rows: indexes } = await db.query<{ indexname: string; indexdef: string }>(
    `select indexname, indexdef from pg_indexes
     where schemaname = current_schema() and tablename in ('news', 'news_terms')
       and indexname <> 'news_pkey'`,
  );
  for (const index of indexes) await db.exec(`drop index "${index.indexname}"`);
  const ranges = db.kind === 'postgres' ? Math.min(4, availableParallelism()) : 1;
  const per = Math.ceil(rows / ranges);
  await Promise.all(
    Array.from({ length: ranges }, (_, r) =>
      fillNewsRange(db, r * per + 1, Math.min(rows, (r + 1) * per), rows),
    ),
  );
  for (const index of indexes) await db.exec(index.indexdef);
  // What autovacuum would do soon after a bulk load: statistics and the visibility map.
  await db.exec('vacuum analyze news');
  await db.exec('vacuum analyze news_terms');
}

function nonNegativeInt(name: string, fallback: number): number {
  return process.env[name] === '0' ? 0 : positiveInt(name, fallback);
}

/**
 * The list answer on the demo data (the issue's measure): its size, and requests/s of the
 * real server against a bare Fastify route returning the same bytes, in the same run.
 */
async function throughput(env: Env, db: Db): Promise<void> {
  // As deployed (read caches on, ADR 0043) and with every read going to the database.
  const variants = [
    {
      label: 'Portico',
      app: await buildApp({ env: { ...env, READ_CACHE: true }, db, ready: true }),
    },
    {
      label: 'Portico, READ_CACHE=0',
      app: await buildApp({ env: { ...env, READ_CACHE: false }, db, ready: true }),
    },
  ];
  try {
    await Promise.all(variants.map(({ app }) => app.ready()));
    const { app } = variants[0]!;
    const authorization = `Bearer ${await bearerFor(app, 'anna.customer@portico.test')}`;
    await throughputOf(variants, authorization);
  } finally {
    for (const { app } of variants) await app.close();
  }
}

async function throughputOf(
  variants: { label: string; app: FastifyInstance }[],
  authorization: string,
): Promise<void> {
  const path = '/api/news?page=1&size=30';
  const app = variants[0]!.app;
  const sample = await app.inject({ method: 'GET', url: path, headers: { authorization } });
  if (sample.statusCode !== 200) throw new Error(`${path} answered ${sample.statusCode}`);
  const bytes = Buffer.byteLength(sample.body);
  console.log(`
GET ${path} on the demo data: ${bytes} bytes`);
  if (THROUGHPUT_SECONDS === 0) return;

  const sameHeaders = {
    'content-type': String(sample.headers['content-type']),
    'x-total-count': String(sample.headers['x-total-count']),
    'access-control-expose-headers': 'X-Total-Count',
  };
  const bare = await bareServer(sample.body, sameHeaders);
  const options = { seconds: THROUGHPUT_SECONDS, connections: CONNECTIONS };
  console.log(
    `throughput: ${CONNECTIONS} connections, ${THROUGHPUT_SECONDS} s per server (after a 2 s warm-up each) …\n`,
  );
  try {
    const results = [];
    for (const variant of variants) {
      const url = `${await listen(variant.app)}${path}`;
      await measure('warm-up', url, { authorization }, { ...options, seconds: 2 });
      results.push(await measure(variant.label, url, { authorization }, options));
    }
    await measure('warm-up', bare.url, {}, { ...options, seconds: 2 });
    results.push(await measure('bare Fastify, same bytes', bare.url, {}, options));
    printThroughput(results, bytes);
    const failed = results.reduce((sum, r) => sum + r.errors + r.non2xx, 0);
    if (failed > 0) {
      console.error(`${failed} throughput request(s) failed`);
      process.exitCode = 1;
    }
  } finally {
    await bare.close();
  }
}

async function main(): Promise<void> {
  const { db, env, label, dispose, reused } = await openScratchDb('news');
  let app: FastifyInstance | undefined;
  try {
    if (!reused) await throughput(env, db);

    const t = performance.now();
    if (!reused) await fillWithoutIndexes(db, ROWS);
    const { rows: counted } = await db.query<{ n: number; newest: number | string }>(
      `select count(*)::int as n, floor(extract(epoch from max(publication_date)) * 1000)::bigint as newest from news`,
    );
    const newest = Number(counted[0]?.newest ?? Date.now());
    console.log(
      `filled ${counted[0]?.n ?? 0} news rows in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );

    const { rows: freq } = await db.query<Record<string, number>>(
      `select ${Object.entries(FILL_WORDS)
        .map(
          ([key, word]) =>
            `count(*) filter (where search @@ websearch_to_tsquery('english', '${word}'))::int as "${key}"`,
        )
        .join(', ')} from news`,
    );
    console.log(
      `matching rows: ${Object.entries(FILL_WORDS)
        .map(([key, word]) => `${key} "${word}" ${freq[0]?.[key] ?? 0}`)
        .join(', ')}`,
    );

    if (process.env.BENCH_EXPLAIN === '1') await explainKinds(db);

    app = await buildApp({ env, db, ready: true });
    await app.ready();
    const authorization = `Bearer ${await bearerFor(app, 'anna.customer@portico.test')}`;
    const mix = kinds(newest);

    console.log(`warming up for ${WARM_UP_SECONDS} s …`);
    await drive(app, authorization, mix, WARM_UP_SECONDS);
    console.log(
      `driving ${RATE} requests/s for ${SECONDS} s (${RATE * SECONDS} requests, ${mix.length} kinds in turn) …\n`,
    );
    const loadBefore = loadavg()[0] ?? 0;
    const cpuBefore = process.cpuUsage();
    const samples = await drive(app, authorization, mix, SECONDS);
    const cpu = process.cpuUsage(cpuBefore);
    const errors = report(samples, mix);
    console.log(
      `\n${label}, ${ROWS} rows, ${RATE} req/s for ${SECONDS} s, ${availableParallelism()} cores`,
    );
    // This process's CPU per request: HTTP, token check and JSON here, plus the whole
    // database for PGlite (it runs in this process). The machine's load says how much else ran.
    console.log(
      `this process: ${((cpu.user + cpu.system) / 1000 / samples.length).toFixed(1)} ms CPU per request; ` +
        `load average ${loadBefore.toFixed(1)} before, ${(loadavg()[0] ?? 0).toFixed(1)} after`,
    );
    if (errors > 0) {
      console.error(`${errors} request(s) failed`);
      process.exitCode = 1;
    }
  } finally {
    await app?.close();
    await dispose({ keep: process.env.BENCH_KEEP === '1' });
  }
}

await main();
