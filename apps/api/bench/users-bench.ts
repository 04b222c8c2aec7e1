// `npm run bench:users`: the user-management list (issue 15 "Bench") over BENCH_ROWS users in
// one account (anna's Northwind: the worst case, every row in the list's account).
//
//   npm run bench:users                                  PGlite, in memory
//   DATABASE_URL=postgres://… npm run bench:users        PostgreSQL, in a scratch schema dropped at the end
//
// Knobs: BENCH_ROWS (100000), BENCH_LOADS requests per kind (200), BENCH_KEEP=1 keeps the
// scratch schema, BENCH_SCHEMA=<kept schema> measures it again (migrated, not filled again). Target (issue 15):
// p99 ≤ 20 ms for a page with a query, on PostgreSQL.
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { demoUsers } from '../src/seed/users.js';
import { bearerFor } from '../test/tokens.js';
import {
  openScratchDb,
  percentile,
  positiveInt,
  timeKind,
  type KindTimes,
} from './bench-support.js';

const ROWS = positiveInt('BENCH_ROWS', 100_000);
const LOADS = positiveInt('BENCH_LOADS', 200);

const FIRST = ['Astrid', 'Bjorn', 'Camille', 'Dmitri', 'Elin', 'Farah', 'Gustav', 'Hanna'];
const LAST = ['Andersen', 'Berg', 'Christensen', 'Dahl', 'Eriksson', 'Haugen', 'Larsen', 'Moen'];
const pick = (list: readonly string[], expr: string) =>
  `(array[${list.map((w) => `'${w}'`).join(', ')}])[1 + (${expr}) % ${list.length}]`;

const kinds: readonly { name: string; url: string; withQuery: boolean }[] = [
  { name: 'first page', url: '/api/users', withQuery: false },
  { name: 'deep page (2000)', url: '/api/users?page=2000', withQuery: false },
  {
    name: 'status + last login',
    url: '/api/users?status=Pending&sort=-lastLogin',
    withQuery: false,
  },
  { name: 'query, common name', url: '/api/users?query=larsen', withQuery: true },
  { name: 'query, one user', url: '/api/users?query=bench.user.77777', withQuery: true },
  { name: 'query, no match', url: '/api/users?query=zzzyx', withQuery: true },
  {
    name: 'query + role filter',
    url: '/api/users?query=astrid&role=administrator',
    withQuery: true,
  },
  {
    name: 'query, page 3, by login',
    url: '/api/users?query=dahl&page=3&sort=-lastLogin',
    withQuery: true,
  },
];

async function main(): Promise<void> {
  const { db, env, label, dispose, reused } = await openScratchDb('users');
  let app: FastifyInstance | undefined;
  let failures = 0;
  try {
    const t = performance.now();
    if (!reused)
      await db.exec(`
      insert into users (id, email, password_hash, first_name, last_name, account_id, username,
                         status, role, last_login_at, permissions)
      select 'u-bench-' || g, 'bench.user.' || g || '@northwind.test', null,
             ${pick(FIRST, 'g')}, ${pick(LAST, 'g * 7')} || case when g % 3 = 0 then '' else 'sen' end,
             'acc-northwind', 'bench' || g,
             (array['Active', 'Active', 'Active', 'Inactive', 'Pending'])[1 + g % 5],
             (array['standard', 'standard', 'read-only', 'administrator'])[1 + g % 4],
             case when g % 5 = 4 then null else now() - make_interval(secs => g) end,
             array['NEWS']
        from generate_series(1, ${ROWS}) g;`);
    // What autovacuum does soon after such a load (visibility map for index-only scans,
    // statistics); VACUUM cannot run inside the fill's transaction, hence its own call.
    await db.exec('vacuum analyze users, user_search_terms, user_term_counts');
    console.log(
      `${reused ? 'reused' : `filled ${ROWS}`} users in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );

    app = await buildApp({ env, db, ready: true });
    await app.ready();
    const authorization = `Bearer ${await bearerFor(app, demoUsers.anna.email)}`;
    const loadBefore = loadavg()[0] ?? 0;
    const results: KindTimes[] = [];
    const pooled = { with: [] as number[], without: [] as number[] };
    for (const kind of kinds) {
      const timed = await timeKind(
        app,
        kind,
        authorization,
        { loads: LOADS, warmUp: 10 },
        (res) => {
          if (res.statusCode !== 200) failures += 1;
          return String(res.headers['x-total-count']);
        },
      );
      pooled[kind.withQuery ? 'with' : 'without'].push(...timed.times);
      results.push(timed);
    }
    console.log(`\n${LOADS} requests per kind, one after the other (GET /api/users as anna):`);
    console.log('| kind                    |   total |  p50 ms |  p99 ms |  max ms |');
    console.log('|-------------------------|--------:|--------:|--------:|--------:|');
    for (const r of results) {
      console.log(
        `| ${r.name.padEnd(23)} | ${r.total.padStart(7)} | ${r.p50.toFixed(1).padStart(7)} | ${r.p99.toFixed(1).padStart(7)} | ${r.max.toFixed(1).padStart(7)} |`,
      );
    }
    for (const [name, times] of [
      ['page WITH a query (target p99 ≤ 20 ms)', pooled.with],
      ['page without a query', pooled.without],
    ] as const) {
      times.sort((a, b) => a - b);
      console.log(
        `${name}: p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms (${times.length} requests)`,
      );
    }
    console.log(
      `\n${label}, ${ROWS} users in one account, ${availableParallelism()} cores; load average ${loadBefore.toFixed(1)} before, ${(loadavg()[0] ?? 0).toFixed(1)} after`,
    );
    if (failures > 0) console.error(`${failures} request(s) failed`);
  } finally {
    await app?.close();
    await dispose({ keep: process.env.BENCH_KEEP === '1' });
  }
  if (failures > 0) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
