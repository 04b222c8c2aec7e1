import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import type { Db, Queryable } from '../src/db/db.js';
import { openDb } from '../src/db/open-db.js';
import { pgliteExtensions } from '../src/db/pglite.js';
import { migrate } from '../src/db/migrate.js';
import { seedDemo } from '../src/seed/seed.js';
import { createJobQueue } from '../src/lib/jobs/job-queue.js';
import { adminQuery, databaseUrlOf, TEST_SCHEMA } from './postgres-admin.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** File holding a PGlite data-dir dump of a migrated and seeded database. */
    pgliteSnapshotPath: string;
    /** With DATABASE_URL: a migrated and seeded PostgreSQL database each test copies. */
    pgTemplateDatabase: string;
  }
}

// Raw PGlite behind the Db interface: the snapshot needs dumpDataDir, which Db hides.
function asDb(lite: PGlite): Db {
  const q = (target: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    // Rows are whatever the caller's SQL selects; Queryable's T only names them.
    query: (async (sql: string, params: readonly unknown[] = []) => ({
      rows: (await target.query(sql, [...params])).rows,
    })) as Queryable['query'],
    async exec(sql: string) {
      return (await target.exec(sql)).flatMap((r) => r.rows as Record<string, unknown>[]);
    },
  });
  return {
    kind: 'pglite',
    schema: 'public',
    ...q(lite),
    transaction: (fn) => lite.transaction((tx) => fn(q(tx))),
    listen: () => Promise.reject(new Error('the seeding database does not listen')),
    close: () => lite.close(),
  };
}

/**
 * Migrates and seeds ONE PGlite, once per test run, and hands its dump to every test file:
 * migrating and seeding per file would cost seconds each (a password hash, 160 news rows).
 */
export async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), 'portico-api-test-'));
  const lite = await PGlite.create({ extensions: pgliteExtensions });
  try {
    const db = asDb(lite);
    await migrate(db);
    await seedDemo(db);
    // The job queue's tables too, so each test app's queue starts without installing them.
    const jobs = createJobQueue(db, {});
    await jobs.start({ work: false });
    await jobs.stop();
    const dump = await lite.dumpDataDir('none');
    const path = join(dir, 'seeded.tar');
    await writeFile(path, new Uint8Array(await dump.arrayBuffer()));
    project.provide('pgliteSnapshotPath', path);
  } finally {
    await lite.close();
  }
  const template = process.env.DATABASE_URL ? await createPostgresTemplate() : '';
  project.provide('pgTemplateDatabase', template);
  return async () => {
    await rm(dir, { recursive: true, force: true });
    if (template) await adminQuery(`drop database if exists "${template}" with (force)`);
  };
}

/**
 * The PostgreSQL twin of the snapshot (issue 26): one database migrated and seeded once,
 * which each test database copies with CREATE DATABASE … TEMPLATE in a fraction of a second
 * instead of migrating and seeding a schema of its own (about four seconds each).
 */
async function createPostgresTemplate(): Promise<string> {
  const name = `portico_test_template_${randomBytes(4).toString('hex')}`;
  await adminQuery(`create database "${name}"`);
  const db = await openDb({ databaseUrl: databaseUrlOf(name), schema: TEST_SCHEMA });
  try {
    await migrate(db);
    await seedDemo(db);
    const jobs = createJobQueue(db, {});
    await jobs.start({ work: false });
    await jobs.stop();
  } finally {
    await db.close();
  }
  return name;
}
