import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { openDb, type Db } from '../src/db/db.js';
import { migrate } from '../src/db/migrate.js';
import { seedDemo } from '../src/db/seed/seed.js';

export type DbKind = Db['kind'];

export interface TestDb {
  db: Db;
  /** The PostgreSQL schema (absent for PGlite): a second instance may open it too. */
  schema?: string;
  close(): Promise<void>;
}

/** PGlite always; PostgreSQL as well when DATABASE_URL is set (CI sets it when a server answers). */
export function databaseKinds(): DbKind[] {
  return process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

let snapshot: Promise<Blob> | undefined;

function loadSnapshot(): Promise<Blob> {
  snapshot ??= readFile(inject('pgliteSnapshotPath')).then((bytes) => new Blob([bytes]));
  return snapshot;
}

/**
 * A fresh, migrated and seeded database of the given kind. PGlite starts from the snapshot
 * global-setup made; PostgreSQL gets its own schema, dropped again on close.
 */
export async function createTestDb(kind: DbKind = 'pglite'): Promise<TestDb> {
  if (kind === 'pglite') {
    const db = await openDb({ loadDataDir: await loadSnapshot() });
    return { db, close: () => db.close() };
  }
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('createTestDb("postgres") needs DATABASE_URL');
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const db = await openDb({ databaseUrl, schema });
  try {
    await migrate(db);
    await seedDemo(db);
  } catch (error) {
    await dropAndClose(db, schema);
    throw error;
  }
  return { db, schema, close: () => dropAndClose(db, schema) };
}

async function dropAndClose(db: Db, schema: string): Promise<void> {
  try {
    await db.exec(`drop schema if exists "${schema}" cascade`);
  } finally {
    await db.close();
  }
}
