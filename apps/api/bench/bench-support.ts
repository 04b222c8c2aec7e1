// What every benchmark shares: knobs from the environment, a scratch database (PGlite in
// memory, or a PostgreSQL schema dropped at the end) migrated and seeded, and percentiles.
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { loadEnv, type Env } from '../src/config/env.js';
import type { Db } from '../src/db/db.js';
import { openDb } from '../src/db/open-db.js';
import { migrate } from '../src/db/migrate.js';
import { seedDemo } from '../src/seed/seed.js';
import { testEnvSource } from '../test/test-app.js';

export function positiveInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`${name} must be a positive whole number`);
  return value;
}

/** Prints a Markdown table: the first column left-aligned, the figures right-aligned. */
export function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((h, c) =>
    Math.max(h.length, ...rows.map((row) => row[c]?.length ?? 0)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, c) => (c === 0 ? cell.padEnd(widths[c] ?? 0) : cell.padStart(widths[c] ?? 0))).join(' | ')} |`;
  console.log(line(header));
  console.log(
    `|${widths.map((w, c) => (c === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`,
  );
  for (const row of rows) console.log(line(row));
}

/** Nearest-rank percentile of an ascending list (NaN when empty). */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))]!;
}

export interface Latencies {
  p50: number;
  p99: number;
  max: number;
}

/** The p50, p99 and maximum of an ascending list of times. */
function latencies(sorted: number[]): Latencies {
  return {
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
  };
}

/** One kind of request timed: its times in ascending order, their figures and its total. */
export interface KindTimes extends Latencies {
  name: string;
  /** What the kind's answers say they hold (e.g. a total count), as `read` reported it last. */
  total: string;
  times: number[];
}

/**
 * GETs the kind's url warmUp + loads times, one request at a time, and times the last `loads`.
 * `read` sees every answer (to count failures) and may return the total to report.
 */
export async function timeKind(
  app: FastifyInstance,
  kind: { name: string; url: string },
  authorization: string,
  { loads, warmUp }: { loads: number; warmUp: number },
  read: (res: LightMyRequestResponse, i: number) => string | undefined,
): Promise<KindTimes> {
  const times: number[] = [];
  let total = '';
  for (let i = 0; i < warmUp + loads; i++) {
    const start = performance.now();
    const res = await app.inject({ method: 'GET', url: kind.url, headers: { authorization } });
    const elapsed = performance.now() - start;
    total = read(res, i) ?? total;
    if (i >= warmUp) times.push(elapsed);
  }
  times.sort((a, b) => a - b);
  return { name: kind.name, total, times, ...latencies(times) };
}

export interface ScratchDb {
  db: Db;
  env: Env;
  /** e.g. 'PostgreSQL 15.20' or 'PGlite 17.4'. */
  label: string;
  /** Drops the scratch schema (unless keep, or reused) and closes the database. */
  dispose: (options?: { keep?: boolean }) => Promise<void>;
  /** BENCH_SCHEMA named a kept schema: migrated, not seeded; the bench skips its fill. */
  reused: boolean;
}

/**
 * Opens a scratch database for benchmark `name`, prints what it runs on, migrates and seeds.
 * BENCH_SCHEMA (PostgreSQL) reuses a schema kept by BENCH_KEEP=1: a fill of a million rows
 * takes minutes, and a change measured against the same rows is the fairer comparison.
 */
export async function openScratchDb(name: string): Promise<ScratchDb> {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const reuse = (databaseUrl && process.env.BENCH_SCHEMA) || undefined;
  if (reuse !== undefined && !/^bench_[a-z]+_[0-9a-f]{8}$/.test(reuse))
    throw new Error('BENCH_SCHEMA must name a schema a bench kept (bench_<name>_<hex>)');
  const schema = reuse ?? `bench_${name}_${randomBytes(4).toString('hex')}`;
  const env = loadEnv(
    testEnvSource({
      // The benches time the queries, one user at full speed: no per-user search budget (ADR 0061).
      SEARCH_RATE_LIMIT: '1000000',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema } : {}),
    }),
  );
  const db = await openDb(databaseUrl ? { databaseUrl, schema } : {});
  const dispose = async ({ keep = false } = {}) => {
    try {
      if (db.kind === 'postgres') {
        if (keep || reuse) console.log(`kept scratch schema ${schema}`);
        else await db.exec(`drop schema if exists "${schema}" cascade`);
      }
    } finally {
      await db.close();
    }
  };
  try {
    const { rows: version } = await db.query<{ v: string }>(
      "select current_setting('server_version') as v",
    );
    const label =
      `${db.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'} ${version[0]?.v ?? ''}`.trim();
    console.log(
      `${name} benchmark: ${label}${db.kind === 'postgres' ? ` (scratch schema ${schema})` : ' (in memory)'}`,
    );
    console.log(`machine: ${availableParallelism()} cores, Node.js ${process.version}`);
    const t = performance.now();
    await migrate(db);
    if (!reuse) await seedDemo(db);
    console.log(
      `migrated${reuse ? ' (reused, not filled again)' : ' and seeded'} in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );
    return { db, env, label, dispose, reused: reuse !== undefined };
  } catch (error) {
    await dispose();
    throw error;
  }
}
