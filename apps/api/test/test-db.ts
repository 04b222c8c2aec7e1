import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import type { Db } from '../src/db/db.js';
import { openDb } from '../src/db/open-db.js';
import { adminQuery, databaseUrlOf, TEST_SCHEMA } from './postgres-admin.js';

export type DbKind = Db['kind'];

export interface TestDb {
  db: Db;
  /** The PostgreSQL database (absent for PGlite): a second instance may open it too. */
  databaseUrl?: string;
  /** Its schema. */
  schema?: string;
  close(): Promise<void>;
}

/** PGlite always; PostgreSQL as well when DATABASE_URL is set (CI sets it when a server answers). */
export function databaseKinds(): DbKind[] {
  return process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/**
 * The one database a route-level suite runs on (issue 26, ADR 0046 addendum 2): PostgreSQL
 * when there is one (the database of several instances, with real concurrency), else PGlite.
 * The routes' SQL is the same on both; what the two drivers hand back is compared on both
 * in src/db/db-parity.test.ts, and suites whose point is concurrency keep databaseKinds().
 */
export function routeDatabaseKinds(): DbKind[] {
  return [routeDatabaseKind()];
}

/**
 * The database of a suite that names none: the route-level one (above). A PGlite opened from
 * the snapshot costs 2–4 s of CPU on the two-core machine, a PostgreSQL copy of the template
 * a fraction of that; suites about PGlite itself ask for it by name.
 */
export function routeDatabaseKind(): DbKind {
  return process.env.DATABASE_URL ? 'postgres' : 'pglite';
}

let snapshot: Promise<Blob> | undefined;

function loadSnapshot(): Promise<Blob> {
  snapshot ??= readFile(inject('pgliteSnapshotPath')).then((bytes) => new Blob([bytes]));
  return snapshot;
}

/**
 * A fresh, migrated and seeded database of the given kind. PGlite starts from the snapshot
 * global-setup made; PostgreSQL gets a database of its own copied from global-setup's
 * template, dropped again on close.
 */
export async function createTestDb(kind: DbKind = routeDatabaseKind()): Promise<TestDb> {
  if (kind === 'pglite') {
    const db = await openDb({ loadDataDir: await loadSnapshot() });
    return { db, close: () => db.close() };
  }
  const template = inject('pgTemplateDatabase');
  if (!process.env.DATABASE_URL || !template) {
    throw new Error('createTestDb("postgres") needs DATABASE_URL');
  }
  const name = `portico_test_${randomBytes(6).toString('hex')}`;
  await copyTemplate(template, name);
  const databaseUrl = databaseUrlOf(name);
  const db = await openDb({ databaseUrl, schema: TEST_SCHEMA });
  return { db, databaseUrl, schema: TEST_SCHEMA, close: () => dropAndClose(db, name) };
}

/** PostgreSQL refuses a copy while another copy of the same template starts: try again. */
async function copyTemplate(template: string, name: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await adminQuery(`create database "${name}" template "${template}"`);
      return;
    } catch (error) {
      const inUse = (error as { code?: string }).code === '55006';
      if (!inUse || attempt === 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}

async function dropAndClose(db: Db, name: string): Promise<void> {
  try {
    await db.close();
  } finally {
    // FORCE: a connection a test left open (a listener, a second instance) must not keep it.
    await adminQuery(`drop database if exists "${name}" with (force)`);
  }
}
