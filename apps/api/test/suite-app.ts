import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { Db } from '../src/db/db.js';
import { demoUsers } from '../src/seed/users.js';
import { createTestApp, type TestApp } from './test-app.js';
import { createTestDb, type DbKind, type TestDb } from './test-db.js';
import { bearerFor } from './tokens.js';

type DemoUserName = keyof typeof demoUsers;

/** The app of one describe block and what its tests ask it as a demo user (loose functions). */
export interface SuiteApp {
  readonly app: FastifyInstance;
  readonly db: Db;
  /** `{ authorization }` with a fresh token of the user (a new grant each call). */
  as: (email: string) => Promise<{ authorization: string }>;
  /** "Bearer …" of the user: one token a suite, made on first use and kept. */
  bearer: (email: string) => Promise<string>;
  /** GET `url` with the user's kept token, or with none for `null`. */
  get: (email: string | null, url: string) => Promise<LightMyRequestResponse>;
  /** POST `fields` to `url` as a signed-out browser's HTML form does (urlencoded). */
  postForm: (url: string, fields: Record<string, string>) => Promise<LightMyRequestResponse>;
}

/**
 * The whole app over a fresh seeded database (createTestApp's arguments) for the enclosing
 * describe: created before its tests, closed after them. Hooks the caller registers later run
 * after the creation and before the close. Read `app` and `db` only inside hooks and tests.
 */
export function appPerSuite(...args: Parameters<typeof createTestApp>): SuiteApp {
  return appPerSuiteFrom(() => createTestApp(...args));
}

/** appPerSuite for an app another harness makes (createWhoamiApp, an app with extra routes). */
export function appPerSuiteFrom(create: () => Promise<TestApp>): SuiteApp {
  let t: TestApp | undefined;
  const kept = new Map<string, string>();
  beforeAll(async () => {
    t = await create();
  });
  afterAll(async () => {
    kept.clear();
    await t?.close();
  });
  const current = (): TestApp => {
    if (!t) throw new Error('appPerSuite: the app exists only inside hooks and tests');
    return t;
  };
  const bearer = async (email: string): Promise<string> => {
    const known = kept.get(email);
    if (known) return known;
    const made = `Bearer ${await bearerFor(current().app, email)}`;
    kept.set(email, made);
    return made;
  };
  return {
    get app() {
      return current().app;
    },
    get db() {
      return current().db;
    },
    as: async (email) => ({ authorization: `Bearer ${await bearerFor(current().app, email)}` }),
    bearer,
    get: async (email, url) =>
      current().app.inject({
        method: 'GET',
        url,
        headers: email === null ? {} : { authorization: await bearer(email) },
      }),
    postForm: (url, fields) =>
      current().app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(fields).toString(),
      }),
  };
}

/**
 * "Bearer …" of each named demo user (seed/users.ts), made before the suite's tests (after its
 * app is up), for tests that put a token in their headers as it is.
 */
export function bearersBeforeAll<Name extends DemoUserName>(
  suite: SuiteApp,
  ...names: Name[]
): Record<Name, string> {
  const bearers = {} as Record<Name, string>;
  beforeAll(async () => {
    for (const name of names) bearers[name] = await suite.bearer(demoUsers[name].email);
  });
  return bearers;
}

/**
 * A fresh seeded database of `kind` for the enclosing describe, without the app: created
 * before its tests, closed after them. Read `db` only inside hooks and tests.
 */
export function dbPerSuite(kind?: DbKind): { readonly db: Db } {
  let testDb: TestDb | undefined;
  beforeAll(async () => {
    testDb = await createTestDb(kind);
  });
  afterAll(async () => {
    await testDb?.close();
  });
  return {
    get db() {
      if (!testDb) throw new Error('dbPerSuite: the database exists only inside hooks and tests');
      return testDb.db;
    },
  };
}
