// `npm run bench:invoices` (issue 14): the sorted, filtered invoice list at 1 000 000
// invoices. Fills a scratch database (PostgreSQL with DATABASE_URL, in a schema dropped
// afterwards; PGlite otherwise), then times GET /api/invoices for a mix of §9 sorts, status
// and date filters and pages, one request after another, and prints p50 and p99 per kind and
// overall. Target (issue 14): p99 ≤ 20 ms. BENCH_EXPLAIN=1 prints each kind's query plans.
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import type { Db } from '../src/db/db.js';
import { bearerFor } from '../test/tokens.js';
import { openScratchDb, percentile, positiveInt, printTable } from './bench-support.js';

const ROWS = positiveInt('BENCH_ROWS', 1_000_000);
/** Invoices of the benched account (anna's): a large enterprise customer. */
const BIG_ACCOUNT_ROWS = positiveInt('BENCH_ACCOUNT_ROWS', 20_000);
/** Other accounts that share the rest. */
const ACCOUNTS = positiveInt('BENCH_ACCOUNTS', 2_000);
const REQUESTS = positiveInt('BENCH_REQUESTS', 200);
const TARGET_P99_MS = 20;

interface Kind {
  name: string;
  next(i: number): string;
}

function kinds(year: number): Kind[] {
  const y = (offset: number) => year - offset;
  return [
    { name: 'default (upload date, desc)', next: (i) => `/api/invoices?page=${1 + (i % 3)}` },
    {
      name: 'status asc, one year',
      next: (i) =>
        `/api/invoices?sort=status&order=asc&startDate=${y(1 + (i % 3))}-01-01&endDate=${y(1 + (i % 3))}-12-31`,
    },
    {
      name: 'status desc, page 50',
      next: (i) => `/api/invoices?sort=status&order=desc&page=${50 + (i % 5)}`,
    },
    {
      name: 'amount desc, PAID',
      next: (i) => `/api/invoices?sort=amount&order=desc&status=PAID&page=${1 + (i % 10)}`,
    },
    {
      name: 'number asc, unpaid',
      next: (i) =>
        `/api/invoices?sort=number&order=asc&status=OVERDUE,OPEN,OPEN_DIRECT_DEBIT&page=${1 + (i % 2)}`,
    },
    {
      name: 'due date asc, OVERDUE, 2 years',
      next: (i) =>
        `/api/invoices?sort=dueDate&order=asc&status=OVERDUE&startDate=${y(2)}-01-01&endDate=${y(1)}-12-31&page=${1 + (i % 2)}`,
    },
    {
      name: 'upload date asc, deep page 500',
      next: (i) => `/api/invoices?sort=uploadDate&order=asc&page=${500 + (i % 3)}`,
    },
  ];
}

/**
 * The bulk fill in SQL (generate_series), without the list indexes, which are built after:
 * anna's account gets BIG_ACCOUNT_ROWS invoices over ten years, the rest spread over ACCOUNTS
 * accounts. Most older invoices are paid; some unpaid ones are overdue; a third pay by direct
 * debit.
 */
async function fill(db: Db): Promise<void> {
  await db.query(
    `insert into accounts (id, name)
     select 'bench-' || g, 'Bench account ' || g from generate_series(1, $1::int) g`,
    [ACCOUNTS],
  );
  const { rows: indexes } = await db.query<{ indexname: string; indexdef: string }>(
    `select indexname, indexdef from pg_indexes
      where schemaname = current_schema() and tablename = 'invoices'
        and (indexname like 'invoices_account_%' or indexname like 'invoices_%paid_due_idx')`,
  );
  for (const index of indexes) await db.exec(`drop index ${index.indexname}`);
  await db.query(
    `insert into invoices (account_id, number, issued_on, due_on, uploaded_at, currency, net_minor,
                           vat_minor, amount_minor, direct_debit, paid_at, vat_percent)
     select account_id, 'B' || lpad(g::text, 9, '0'), issued, issued + 30,
            issued + interval '1 day' + (g % 17) * interval '1 hour', 'NOK', net, net / 4,
            net + net / 4, g % 3 = 0,
            case when issued < current_date - 90 and g % 50 <> 0 then issued + 28
                 when issued < current_date - 31 and g % 4 = 0 then issued + 29 end,
            -- The VAT is a quarter of the net: 25 %.
            25
       from (select g,
                    case when g <= $2::int then 'acc-northwind'
                         else 'bench-' || (1 + g % $3::int) end as account_id,
                    current_date - (g::bigint * 7919 % 3650)::int as issued,
                    10000 + (g::bigint * 104729 % 5000000) as net
               from generate_series(1, $1::int) g) s`,
    [ROWS, BIG_ACCOUNT_ROWS, ACCOUNTS],
  );
  for (const index of indexes) await db.exec(index.indexdef);
  await db.exec('vacuum analyze invoices');
}

async function time(app: FastifyInstance, url: string, authorization: string): Promise<number> {
  const start = performance.now();
  const res = await app.inject({ method: 'GET', url, headers: { authorization } });
  const ms = performance.now() - start;
  if (res.statusCode !== 200 || res.headers['x-total-count'] === undefined) {
    throw new Error(`${url} answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
  }
  return ms;
}

async function explain(db: Db): Promise<void> {
  // The plans of the two statements behind a status-sorted, date-filtered page.
  for (const sql of [
    `select count(*) filter (where paid_at is null), count(*) filter (where paid_at is not null)
       from invoices where account_id = 'acc-northwind' and issued_on >= current_date - 365`,
    `select id from invoices i where account_id = 'acc-northwind' and paid_at is null
      order by i.due_on, i.id limit 20 offset 0`,
    `select id from invoices i where account_id = 'acc-northwind'
      order by i.amount_minor desc, i.id desc limit 20 offset 180`,
  ]) {
    const { rows } = await db.query<{ 'QUERY PLAN': string }>(`explain analyze ${sql}`);
    console.log(rows.map((row) => row['QUERY PLAN']).join('\n'), '\n');
  }
}

async function main(): Promise<void> {
  const { db, env, label, dispose } = await openScratchDb('invoices');
  let app: FastifyInstance | undefined;
  try {
    const t = performance.now();
    await fill(db);
    const { rows } = await db.query<{ total: number; mine: number }>(
      `select count(*)::int as total,
              count(*) filter (where account_id = 'acc-northwind')::int as mine from invoices`,
    );
    console.log(
      `filled: ${rows[0]?.total ?? 0} invoices, ${rows[0]?.mine ?? 0} of them anna's account, in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );
    if (process.env.BENCH_EXPLAIN === '1') await explain(db);

    app = await buildApp({ env, db, ready: true });
    await app.ready();
    const authorization = `Bearer ${await bearerFor(app, 'anna.customer@portico.test')}`;
    const mix = kinds(new Date().getUTCFullYear());
    for (const kind of mix) await time(app, kind.next(0), authorization); // warm-up

    const loadBefore = loadavg()[0] ?? 0;
    const all: number[] = [];
    const lines: string[][] = [];
    for (const kind of mix) {
      const times: number[] = [];
      for (let i = 0; i < REQUESTS; i++) times.push(await time(app, kind.next(i), authorization));
      times.sort((a, b) => a - b);
      all.push(...times);
      lines.push([
        kind.name,
        String(times.length),
        percentile(times, 50).toFixed(1),
        percentile(times, 99).toFixed(1),
      ]);
    }
    all.sort((a, b) => a - b);
    lines.push([
      'all',
      String(all.length),
      percentile(all, 50).toFixed(1),
      percentile(all, 99).toFixed(1),
    ]);
    const header = ['kind', 'requests', 'p50 ms', 'p99 ms'];
    console.log();
    printTable(header, lines);
    const p99 = percentile(all, 99);
    console.log(
      `\n${label}, ${ROWS} invoices, one request at a time (app.inject: HTTP routing, token check, SQL, JSON); load average ${loadBefore.toFixed(1)} before, ${(loadavg()[0] ?? 0).toFixed(1)} after`,
    );
    console.log(
      `p99 ${p99.toFixed(1)} ms: ${p99 <= TARGET_P99_MS ? 'within' : 'OVER'} the ${TARGET_P99_MS} ms target`,
    );
  } finally {
    await app?.close();
    await dispose();
  }
}

await main();
