// Scratch: per-statement timings of one user's page calls on a kept fill (BENCH_SCHEMA).
import { performance } from 'node:perf_hooks';
import { buildApp } from '../src/app.js';
import { demoProducts } from '../src/seed/products.js';
import { demoUsers } from '../src/seed/users.js';
import { openScratchDb } from './bench-support.js';
import { benchUsers, get, pageCalls } from './search-load.js';

const QUERIES = (process.env.Q ?? 'customers|invoice automation|"cloud migration"|Reykjavik|payroll -compliance|ledger OR budget|invoise|custmers|payrol complience').split('|');
const MIN = Number(process.env.MIN ?? 2);
const REPS = Number(process.env.REPS ?? 3);
const CALLS = (process.env.CALLS ?? 'combined|support|university|hits').split('|');
const { db, env, dispose } = await openScratchDb('search');
const log: { sql: string; ms: number }[] = [];
const orig = db.query.bind(db);
(db as { query: typeof db.query }).query = (async (sql: string, params?: unknown[], o?: unknown) => {
  const t = performance.now();
  try {
    return await (orig as (a: string, b?: unknown[], c?: unknown) => Promise<unknown>)(sql, params, o);
  } finally {
    log.push({ sql, ms: performance.now() - t });
  }
}) as typeof db.query;
const app = await buildApp({ env, db, ready: true });
await app.ready();
const [user] = await benchUsers(app, db, demoUsers.anna.id, 1);
const product = demoProducts[0].contentId;
for (const q of QUERIES) {
  const calls = pageCalls(user!.id, product, encodeURIComponent(q));
  for (const name of CALLS) {
    const url = (calls as Record<string, string>)[name]!;
    const per: Record<string, number[]> = {};
    const totals: number[] = [];
    for (let r = 0; r < REPS; r++) {
      log.length = 0;
      const t = performance.now();
      if (!(await get(app, url, user!.authorization))) console.log('FAILED', url);
      totals.push(performance.now() - t);
      for (const e of log) {
        const key = e.sql.replace(/\s+/g, ' ').slice(0, 90);
        (per[key] ??= []).push(e.ms);
      }
    }
    const med = (a: number[]) => a.sort((x, y) => x - y)[Math.floor(a.length / 2)]!;
    console.log(`${q.padEnd(22)} ${name.padEnd(10)} ${med(totals).toFixed(1)} ms`);
    for (const [k, v] of Object.entries(per)) {
      if (med(v) >= MIN) console.log(`    ${med(v).toFixed(1).padStart(6)}  x${v.length / REPS}  ${k}`);
    }
  }
}
await app.close();
await dispose();
