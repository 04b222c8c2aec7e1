// Issue 38's figures for `npm run bench:search`: the results page with hits, a suggestion
// call and a misspelt query, each under BENCH_USERS parallel users, and the share of the
// known answers found in the top 3. Requests go through app.inject (the whole route, from
// the token check to the JSON), so the figures are the API's own, without a network.
import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/db.js';
import { createPrng } from '../src/lib/prng.js';
import { getSearchHits } from '../src/modules/search/search-hits.service.js';
import { bearerFor } from '../test/tokens.js';
import { percentile } from './bench-support.js';
import { knownAnswers } from './search-known-answers.js';

/**
 * `count` bench users copied from a demo user (permissions, account, products), so parallel
 * users do not share one user's rows (their recent searches). Returns their ids and bearer
 * headers.
 */
export async function benchUsers(
  app: FastifyInstance,
  db: Db,
  fromUserId: string,
  count: number,
): Promise<BenchUser[]> {
  const { rows: columns } = await db.query<{ column_name: string }>(
    `select column_name from information_schema.columns
      where table_schema = current_schema() and table_name = 'users' and is_generated = 'NEVER'
        and column_name not in ('id', 'email')`,
  );
  const list = columns.map((c) => `"${c.column_name}"`).join(', ');
  await db.query(
    `insert into users (id, email, ${list})
     select 'bench-user-' || g, 'bench-user-' || g || '@bench.test', ${list}
       from users u, generate_series(1, $2::int) g where u.id = $1
     on conflict do nothing`,
    [fromUserId, count],
  );
  await db.query(
    `insert into user_products (user_id, product_id)
     select 'bench-user-' || g, up.product_id
       from user_products up, generate_series(1, $2::int) g where up.user_id = $1
     on conflict do nothing`,
    [fromUserId, count],
  );
  const users: BenchUser[] = [];
  for (let g = 1; g <= count; g++) {
    const authorization = `Bearer ${await bearerFor(app, `bench-user-${g}@bench.test`)}`;
    users.push({ id: `bench-user-${g}`, authorization });
  }
  return users;
}

export interface BenchUser {
  id: string;
  authorization: string;
}

export interface LoadResult {
  name: string;
  times: number[];
  failures: number;
  /** This process's CPU time per run (the API's side: routes, token checks, JSON, driver). */
  cpuMsPerRun: number;
  /**
   * The whole machine's busy CPU time per run: the API, PostgreSQL's processes when the
   * database is on this machine, and anything else running (so run the bench on a quiet one).
   */
  machineCpuMsPerRun: number;
  /** Runs per second over the whole load. */
  perSecond: number;
}

/** The machine's busy CPU time so far, ms, over all its cores (os.cpus reads /proc/stat). */
function machineBusyMs(): number {
  return cpus().reduce((sum, { times: t }) => sum + t.user + t.nice + t.sys + t.irq, 0);
}

/** The CPU usage at a load's start: this process's and the machine's. */
interface CpuMark {
  process: NodeJS.CpuUsage;
  machineMs: number;
}

function cpuMark(): CpuMark {
  return { process: process.cpuUsage(), machineMs: machineBusyMs() };
}

/** A load's figures, from its runs' times and the clock and CPU usage at its start. */
function loadResult(
  name: string,
  times: number[],
  failures: number,
  started: number,
  cpu: CpuMark,
): LoadResult {
  const elapsed = performance.now() - started;
  const used = process.cpuUsage(cpu.process);
  const runs = Math.max(1, times.length);
  times.sort((a, b) => a - b);
  return {
    name,
    times,
    failures,
    cpuMsPerRun: (used.user + used.system) / 1000 / runs,
    machineCpuMsPerRun: (machineBusyMs() - cpu.machineMs) / runs,
    perSecond: (times.length * 1000) / elapsed,
  };
}

/**
 * `total` runs of `run(user, i)` spread over the users, each user one run after the other, all
 * users at once (so `users` are in flight together); the time of every run.
 */
export async function underLoad(
  name: string,
  users: readonly BenchUser[],
  total: number,
  run: (user: BenchUser, i: number) => Promise<boolean>,
): Promise<LoadResult> {
  const times: number[] = [];
  let failures = 0;
  let next = 0;
  const cpu = cpuMark();
  const started = performance.now();
  await Promise.all(
    users.map(async (user) => {
      for (let i = next++; i < total; i = next++) {
        const t = performance.now();
        const ok = await run(user, i);
        times.push(performance.now() - t);
        if (!ok) failures++;
      }
    }),
  );
  return loadResult(name, times, failures, started, cpu);
}

/** Issue 38's p99 targets, ms. */
const TARGETS: Record<string, number> = {
  'page with hits': 100,
  suggestion: 30,
  'misspelt query': 150,
};

/**
 * Open loop: runs arrive at `rate` a second for `seconds` (Poisson arrivals, a seeded PRNG),
 * each timed from its arrival whether or not earlier runs have ended, spread over the users in
 * turn. Unlike `underLoad`, the load does not ease when answers slow down, so its figures say
 * what a given traffic gets: the capacity at which a target still holds.
 */
export async function atRate(
  name: string,
  users: readonly BenchUser[],
  rate: number,
  seconds: number,
  run: (user: BenchUser, i: number) => Promise<boolean>,
): Promise<LoadResult> {
  const prng = createPrng(38);
  const times: number[] = [];
  let failures = 0;
  const runs: Promise<void>[] = [];
  const cpu = cpuMark();
  const started = performance.now();
  let arrival = started;
  for (let i = 0; arrival < started + seconds * 1000; i++) {
    const wait = arrival - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const user = users[i % users.length]!;
    const t = arrival;
    runs.push(
      run(user, i).then((ok) => {
        times.push(performance.now() - t);
        if (!ok) failures++;
      }),
    );
    arrival += (-Math.log(1 - prng.next()) * 1000) / rate;
  }
  await Promise.all(runs);
  return loadResult(name, times, failures, started, cpu);
}

/**
 * Each kind at rising rates, open loop: the table of p50/p99 by offered rate and, per kind, the
 * highest rate whose p99 met the target. Twenty users who each search every 5 s offer 4
 * pages a second; the closed loop of `underLoad` (no pause at all) asks 200.
 */
export async function printCapacity(
  title: string,
  kinds: readonly {
    name: string;
    rates: readonly number[];
    run: (user: BenchUser, i: number) => Promise<boolean>;
  }[],
  users: readonly BenchUser[],
  { seconds, runs }: { seconds: number; runs: number },
): Promise<number> {
  console.log(`
${title}, open loop, ${seconds} s per rate or ${runs} runs, whichever is longer:`);
  console.log(
    '| what                   | offered/s |  runs |  p50 ms |  p99 ms | target p99 | met |',
  );
  console.log(
    '|------------------------|----------:|------:|--------:|--------:|-----------:|:---:|',
  );
  let failures = 0;
  const best: string[] = [];
  for (const kind of kinds) {
    const target = TARGETS[kind.name] ?? Number.POSITIVE_INFINITY;
    // The rates below the first miss: a lucky run above it claims nothing.
    let highest = 0;
    let missed = false;
    for (const rate of kind.rates) {
      // Enough runs that the p99 is not simply the slowest one (30 runs at 2 a second in 15 s).
      const r = await atRate(kind.name, users, rate, Math.max(seconds, runs / rate), kind.run);
      failures += r.failures;
      const p99 = percentile(r.times, 99);
      const met = p99 <= target && r.failures === 0;
      if (met && !missed) highest = rate;
      missed ||= !met;
      const cell = (n: number) => n.toFixed(1).padStart(7);
      console.log(
        `| ${kind.name.padEnd(22)} | ${String(rate).padStart(9)} | ${String(r.times.length).padStart(5)} | ${cell(percentile(r.times, 50))} | ${cell(p99)} | ${`≤ ${target} ms`.padStart(10)} | ${met ? 'yes' : 'no '} |`,
      );
      // Past the knee the queue only grows: the higher rates would say nothing new.
      if (p99 > 10 * target) break;
    }
    best.push(`${kind.name} ${highest}/s`);
  }
  console.log(`highest offered rate up to which every p99 met its target: ${best.join(', ')}`);
  return failures;
}

export async function get(
  app: FastifyInstance,
  url: string,
  authorization: string,
): Promise<boolean> {
  const res = await app.inject({ method: 'GET', url, headers: { authorization } });
  return res.statusCode === 200;
}

/**
 * The loads' figures. `needs runs/s`: with `users` each waiting for their answer, that many
 * runs are in flight at once, so a p99 of the target asks at least users / target runs a
 * second (the throughput the machine must reach before any run can be that fast). `CPU
 * allows runs/s`: the machine's cores over its busy CPU time per run, the most runs a second
 * it could do were every core busy with nothing else (the bound the CPU sets, not a queue's).
 */
export function printLoads(results: readonly LoadResult[], users: number, title: string): void {
  console.log(`\nunder ${users} parallel users, ${title}:`);
  console.log(
    '| what                   |  runs |  p50 ms |  p99 ms |  max ms | target p99 | runs/s | needs runs/s | API CPU ms/run | machine CPU ms/run | CPU allows runs/s |',
  );
  console.log(
    '|------------------------|------:|--------:|--------:|--------:|-----------:|-------:|-------------:|---------------:|-------------------:|------------------:|',
  );
  const cores = cpus().length;
  for (const r of results) {
    const cell = (n: number) => n.toFixed(1).padStart(7);
    const target = TARGETS[r.name];
    const needs = target === undefined ? '' : `≥ ${Math.ceil((users * 1000) / target)}`;
    console.log(
      `| ${r.name.padEnd(22)} | ${String(r.times.length).padStart(5)} | ${cell(percentile(r.times, 50))} | ${cell(percentile(r.times, 99))} | ${cell(r.times.at(-1) ?? Number.NaN)} | ${(target === undefined ? '' : `≤ ${target} ms`).padStart(10)} | ${r.perSecond.toFixed(0).padStart(6)} | ${needs.padStart(12)} | ${r.cpuMsPerRun.toFixed(2).padStart(14)} | ${r.machineCpuMsPerRun.toFixed(2).padStart(18)} | ${((cores * 1000) / r.machineCpuMsPerRun).toFixed(0).padStart(17)} |`,
    );
  }
}

/** The share of the known answers whose expected title is in the top 3 of its source. */
export async function knownAnswerShare(
  db: Db,
  env: Parameters<typeof getSearchHits>[0]['env'],
  userId: string,
): Promise<{ share: number; missed: string[] }> {
  const missed: string[] = [];
  for (const answer of knownAnswers) {
    const hits = await getSearchHits({ db, env }, userId, {
      query: answer.query,
      productId: answer.productId,
    });
    const titles = (hits.sources.find((s) => s.source === answer.source)?.hits ?? [])
      .slice(0, 3)
      .map((h) => h.title.map((p) => p.text).join(''));
    if (!titles.includes(answer.title)) missed.push(`${answer.source}: "${answer.query}"`);
  }
  return { share: (knownAnswers.length - missed.length) / knownAnswers.length, missed };
}

/** The calls of one results page with hits, for `query` (URL-encoded) and one user. */
export function pageCalls(
  userId: string,
  productContentId: string,
  query: string,
): Record<string, string> {
  return {
    combined: `/api/search/combined-count?productId=${productContentId}&query=${query}`,
    support: `/api/support/count?userId=${userId}&query=${query}`,
    university: `/api/university/search/count?query=${query}`,
    hits: `/api/search/hits?productId=${productContentId}&query=${query}`,
  };
}

/**
 * One user, one call after the other: each call of the page for each query, the median of
 * `reps` runs, so a change is seen query by query (twenty users measure the machine's
 * throughput more than any one statement).
 */
export async function printOneUserCalls(
  app: FastifyInstance,
  user: BenchUser,
  productContentId: string,
  queries: readonly string[],
  reps: number,
): Promise<void> {
  const names = Object.keys(pageCalls(user.id, productContentId, ''));
  console.log(`\none user, call by call, median of ${reps} (ms):`);
  console.log(`| query                  | ${names.map((n) => n.padStart(10)).join(' | ')} |`);
  console.log(`|------------------------|${names.map(() => '-----------:').join('|')}|`);
  for (const text of queries) {
    const calls = pageCalls(user.id, productContentId, encodeURIComponent(text));
    const cells: string[] = [];
    for (const url of Object.values(calls)) {
      const times: number[] = [];
      for (let r = 0; r < reps; r++) {
        const t = performance.now();
        if (!(await get(app, url, user.authorization))) throw new Error(`${url} failed`);
        times.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      cells.push(percentile(times, 50).toFixed(1).padStart(10));
    }
    console.log(`| ${text.padEnd(22)} | ${cells.join(' | ')} |`);
  }
}
