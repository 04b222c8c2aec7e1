// The database as repositories see it (one interface over PGlite and PostgreSQL); the two
// drivers are db/pglite.ts and db/postgres.ts, picked by db/open-db.ts.
export interface QueryOptions {
  /**
   * Keep the statement prepared on each PostgreSQL connection (parsed and planned once, then
   * only bound and executed). For hot queries whose plan does not depend on the parameter
   * values: after five runs PostgreSQL may switch to a generic plan. PGlite ignores it.
   */
  prepare?: boolean;
}

/** What repositories need from a database: parameterised SQL ($1, $2 …) over PGlite or PostgreSQL. */
export interface Queryable {
  query<T extends object = Record<string, unknown>>(
    sql: string,
    params?: readonly unknown[],
    options?: QueryOptions,
  ): Promise<{ rows: T[] }>;
  /**
   * Several statements, no parameters (migrations). Resolves to the rows of every statement,
   * in order (pg-boss 12 reads a RETURNING between BEGIN and COMMIT, ADR 0062).
   */
  exec(sql: string): Promise<Record<string, unknown>[]>;
}

/** What a change listener hears: a notification's payload, or that it may have missed some. */
export interface ChangeListener {
  onNotify(payload: string): void;
  /** Connected (true) or lost (false): while lost, notifications may be missed. */
  onConnected(connected: boolean): void;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** The schema the tables live in (PostgreSQL); 'public' for PGlite. */
  readonly schema: string;
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * LISTEN on `channel` (ADR 0043): on PostgreSQL over a connection of its own that comes back
   * after it is lost, on PGlite in process. Resolves to a function that stops listening.
   */
  listen(channel: string, listener: ChangeListener): Promise<() => Promise<void>>;
  /** The connection pool's numbers (PostgreSQL; PGlite has one connection and no pool). */
  poolStats?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

export interface DbOptions {
  /** postgres://… — when absent, PGlite is used. */
  databaseUrl?: string | undefined;
  /** PostgreSQL schema to use (created when missing). Ignored for PGlite. */
  schema?: string;
  /** Folder for PGlite's files; omit for an in-memory database. */
  dataDir?: string | undefined;
  /** A PGlite data-dir dump to start from (tests load a migrated snapshot). */
  loadDataDir?: Blob;
  /**
   * PostgreSQL: how long a query waits for a connection (a new one, or a free one of the
   * pool) before it fails as unavailable (ADR 0053). Default 5 s.
   */
  connectTimeoutMs?: number;
}

/**
 * The database cannot serve right now (ADR 0053): it is down or restarting, the connection
 * was lost or cut, no connection came in time, or it cannot persist (disk full). The request
 * is answered 503 and may be retried; nothing of it was committed unless the commit answered.
 */
export class DatabaseUnavailableError extends Error {
  readonly statusCode = 503;
  constructor(options?: ErrorOptions) {
    super('The database is not reachable right now. Please try again in a moment.', options);
    this.name = 'DatabaseUnavailableError';
  }
}

/** Socket errors of a lost or refused connection. */
const UNAVAILABLE_ERRNO = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOSPC',
]);
/**
 * SQLSTATEs that say the server, not the statement, is the problem: class 08 (connection
 * exception), 57P01-57P03 (shut down by an administrator or a crash, or not yet accepting),
 * 53100 (disk full), 53300 (too many connections), 58030 (I/O error).
 */
const UNAVAILABLE_SQLSTATE = /^(?:08...|57P0[123]|53100|53300|58030)$/;
/** What pg throws, without a code, for a connection that ended or never came. */
const UNAVAILABLE_MESSAGE =
  /^(?:Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable|Cannot use a pool after calling end)/;

/** Whether `error` (or what caused it) says the database is unavailable rather than the query wrong. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; depth += 1) {
    if (e instanceof DatabaseUnavailableError) return true;
    const code = (e as { code?: unknown }).code;
    if (
      typeof code === 'string' &&
      (UNAVAILABLE_ERRNO.has(code) || UNAVAILABLE_SQLSTATE.test(code))
    )
      return true;
    if (UNAVAILABLE_MESSAGE.test(e.message)) return true;
    e = e.cause;
  }
  return false;
}

/** Rethrows a lost database as DatabaseUnavailableError (503), anything else as it is. */
export function unavailableOr(error: unknown): unknown {
  return !(error instanceof DatabaseUnavailableError) && isDatabaseUnavailable(error)
    ? new DatabaseUnavailableError({ cause: error })
    : error;
}

/** The first row a query answers, or undefined: the shape of every "find one" read. */
export async function firstRow<T extends object>(
  db: Queryable,
  sql: string,
  params?: readonly unknown[],
  options?: QueryOptions,
): Promise<T | undefined> {
  const { rows } = await db.query<T>(sql, params, options);
  return rows[0];
}

/**
 * A repository's "find one row by its key" read, written once: `sql` takes the key as $1
 * (and further keys, named in `K`, as $2, $3…). `rowBy<Row>(sql)` is the finder
 * `(db, key) => Row | undefined`; `rowBy<Row, [accountId: string, id: string]>(sql)` is
 * `(db, accountId, id) => Row | undefined`.
 */
export const rowBy =
  <T extends object, K extends readonly unknown[] = [key: string]>(sql: string) =>
  (db: Queryable, ...keys: K): Promise<T | undefined> =>
    firstRow<T>(db, sql, keys);

/** The same for every row of a key: `rowsBy<Row>(sql)` is the reader `(db, key) => Row[]`. */
export const rowsBy =
  <T extends object, K extends readonly unknown[] = [key: string]>(sql: string) =>
  async (db: Queryable, ...keys: K): Promise<T[]> =>
    (await db.query<T>(sql, keys)).rows;

/**
 * The same for whether the query answers a row at all (it exists; the write changed one):
 * `hasRowBy(sql)` is `(db, key) => boolean`.
 */
export const hasRowBy =
  <K extends readonly unknown[] = [key: string]>(sql: string) =>
  async (db: Queryable, ...keys: K): Promise<boolean> =>
    (await db.query(sql, keys)).rows.length > 0;

/** The same for a write that answers nothing: `writeBy(sql)` is `(db, key) => void`. */
export const writeBy =
  <K extends readonly unknown[] = [key: string]>(sql: string) =>
  async (db: Queryable, ...keys: K): Promise<void> => {
    await db.query(sql, keys);
  };

/** The first column of the first row a query answers, or undefined: a "find one value" read. */
export async function firstValue<T>(
  db: Queryable,
  sql: string,
  params?: readonly unknown[],
  options?: QueryOptions,
): Promise<T | undefined> {
  const row = await firstRow<Record<string, T>>(db, sql, params, options);
  return row === undefined ? undefined : Object.values(row)[0];
}

/** The same for one value: `valueBy<string>(sql)` is the finder `(db, key) => string | undefined`. */
export const valueBy =
  <T, K extends readonly unknown[] = [key: string]>(sql: string) =>
  (db: Queryable, ...keys: K): Promise<T | undefined> =>
    firstValue<T>(db, sql, keys);
