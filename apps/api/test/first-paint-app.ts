import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadEnv } from '../src/config/env.js';
import { FIRST_PAINT_COOKIE } from '../src/modules/first-paint/first-paint-cookie.js';
import { ANNA } from './demo-emails.js';
import { createTempDist } from './temp-dist.js';
import { testEnvSource } from './test-app.js';
import { createTestDb, type TestDb } from './test-db.js';
import { bearerFor } from './tokens.js';

/**
 * The app over a fresh database, with a stand-in renderer (`renderer`, the source of an ES
 * module exporting `renderFirstPaint`) in a temporary web build (ADR 0044, 0075); `token` is
 * anna's, `page` asks for an address as a browser with the first-paint cookie would.
 */
export function firstPaintApp(renderer: string, envOverrides: Record<string, string> = {}) {
  const setup = {} as {
    testDb: TestDb;
    dist: Awaited<ReturnType<typeof createTempDist>>;
    app: FastifyInstance;
    token: string;
  };
  // What beforeAll made, undone in reverse by afterAll: a start-up that failed half-way still
  // gives its database back (a PostgreSQL copy is a database of its own).
  const cleanups: (() => Promise<void>)[] = [];
  beforeAll(async () => {
    setup.testDb = await createTestDb();
    cleanups.push(() => setup.testDb.close());
    setup.dist = await createTempDist();
    cleanups.push(() => setup.dist.remove());
    const firstPaintFile = join(setup.dist.dir, 'stand-in-first-paint.mjs');
    await writeFile(firstPaintFile, renderer);
    setup.app = await buildApp({
      env: loadEnv(testEnvSource(envOverrides)),
      db: setup.testDb.db,
      ready: true,
      spa: { distDir: setup.dist.dir, firstPaintFile },
    });
    cleanups.push(() => setup.app.close());
    await setup.app.ready();
    setup.token = await bearerFor(setup.app, ANNA);
  });
  afterAll(async () => {
    const failures: unknown[] = [];
    for (const cleanup of cleanups.splice(0).reverse()) {
      await cleanup().catch((error: unknown) => failures.push(error));
    }
    if (failures.length > 0) throw failures[0];
  });
  const page = (url: string, cookie?: string) =>
    setup.app.inject({
      url,
      headers: {
        accept: 'text/html',
        ...(cookie ? { cookie: `${FIRST_PAINT_COOKIE}=${cookie}` } : {}),
      },
    });
  return { setup, page };
}
