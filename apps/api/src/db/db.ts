import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import pg from 'pg';

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
function unavailableOr(error: unknown): unknown {
  return !(error instanceof DatabaseUnavailableError) && isDatabaseUnavailable(error)
    ? new DatabaseUnavailableError({ cause: error })
    : error;
}

export async function openDb(options: DbOptions): Promise<Db> {
  return options.databaseUrl
    ? openPostgres(
        options.databaseUrl,
        options.schema ?? 'public',
        options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
      )
    : openPglite(options);
}

const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;

/** The contrib extensions search needs (migration 031, ADR 0066), which PGlite ships. */
export const pgliteExtensions = { pg_trgm, unaccent };

async function openPglite(options: DbOptions): Promise<Db> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const lite = await PGlite.create(options.dataDir, {
    extensions: pgliteExtensions,
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const asQueryable = (q: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<T extends object>(sql: string, params: readonly unknown[] = []) {
      try {
        const result = await q.query<T>(sql, params as unknown[]);
        return { rows: result.rows };
      } catch (error) {
        throw unavailableOr(error); // e.g. 53100 when its files cannot grow (disk full)
      }
    },
    async exec(sql: string) {
      try {
        const results = await q.exec(sql);
        return results.flatMap((r) => r.rows as Record<string, unknown>[]);
      } catch (error) {
        throw unavailableOr(error);
      }
    },
  });
  return {
    kind: 'pglite',
    schema: 'public',
    ...asQueryable(lite),
    transaction: (fn) => lite.transaction((tx) => fn(asQueryable(tx))),
    async listen(channel, listener) {
      // In process: nothing to lose, so it is connected for as long as it listens.
      const unlisten = await lite.listen(channel, (payload) => listener.onNotify(payload));
      listener.onConnected(true);
      return async () => {
        listener.onConnected(false);
        await unlisten();
      };
    },
    close: () => lite.close(),
  };
}

async function openPostgres(url: string, schema: string, connectTimeoutMs: number): Promise<Db> {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: connectTimeoutMs,
  });
  await client.connect();
  try {
    // "if not exists" still races when two nodes create the schema at once: serialise it.
    await client.query('select pg_advisory_lock(727273)');
    await client.query(`create schema if not exists "${schema}"`);
  } finally {
    await client.end();
  }

  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    options: `-c search_path="${schema}"`,
    // Fail fast while the database is away (ADR 0053): a query waits this long for a
    // connection, new or pooled, then answers 503 instead of hanging.
    connectionTimeoutMillis: connectTimeoutMs,
    // A peer that vanished without a word (a cut network) shows up as an error in time.
    keepAlive: true,
  });
  // An idle connection that the server ends (restart, pg_terminate_backend) is an 'error' on
  // the pool: without a handler Node would crash. The pool has already dropped it; the next
  // query opens a new one.
  pool.on('error', () => undefined);
  // Bigint counts come back as strings from pg; PGlite gives numbers. Align on numbers
  // (our counts and ids stay far below 2^53).
  pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
  const asQueryable = (q: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T extends object>(
      sql: string,
      params: readonly unknown[] = [],
      options: QueryOptions = {},
    ) {
      try {
        const result = await q.query(
          options.prepare
            ? { name: statementName(sql), text: sql, values: params as unknown[] }
            : { text: sql, values: params as unknown[] },
        );
        return { rows: result.rows as T[] };
      } catch (error) {
        throw unavailableOr(error);
      }
    },
    async exec(sql: string) {
      try {
        // Several statements: pg answers one result for each, in an array.
        const results: unknown = await q.query(sql);
        return (Array.isArray(results) ? results : [results]).flatMap(
          (r: pg.QueryResult) => (r.rows as Record<string, unknown>[] | undefined) ?? [],
        );
      } catch (error) {
        throw unavailableOr(error);
      }
    },
  });
  return {
    kind: 'postgres',
    schema,
    ...asQueryable(pool),
    async transaction(fn) {
      const conn = await pool.connect().catch((error: unknown) => {
        throw unavailableOr(error);
      });
      // A connection that failed must not go back to the pool (release(error) closes it).
      let broken: Error | undefined;
      // Checked out, the pool no longer listens: a connection ended between two statements
      // (restart, pg_terminate_backend) would be an unhandled 'error' and crash the process.
      const onError = (error: Error) => {
        broken = error;
      };
      conn.on('error', onError);
      try {
        await conn.query('begin');
        const result = await fn(asQueryable(conn));
        await conn.query('commit');
        return result;
      } catch (error) {
        if (isDatabaseUnavailable(error)) {
          // Lost mid-transaction: PostgreSQL rolls it back itself. A lost COMMIT may or may
          // not have been applied; the caller gets 503, never a 2xx, so no answered write is lost.
          broken = error instanceof Error ? error : new Error(String(error));
          throw unavailableOr(error);
        }
        try {
          await conn.query('rollback');
        } catch (rollbackError) {
          broken = rollbackError instanceof Error ? rollbackError : new Error('rollback failed');
        }
        throw error;
      } finally {
        conn.off('error', onError);
        conn.release(broken);
      }
    },
    listen: (channel, listener) => listenOnPostgres(url, channel, listener, connectTimeoutMs),
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    close: () => pool.end(),
  };
}

/** How the listening connection shows in pg_stat_activity. */
export const LISTENER_NAME = 'portico-changes';
const RECONNECT_MIN_MS = 100;
const RECONNECT_MAX_MS = 5_000;

/**
 * LISTEN over a client of its own (a pooled connection would be handed to other queries).
 * A lost connection is reported (the caches stop serving) and opened again with back-off.
 */
async function listenOnPostgres(
  url: string,
  channel: string,
  listener: ChangeListener,
  connectTimeoutMs: number,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let delay = RECONNECT_MIN_MS;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({
      connectionString: url,
      application_name: LISTENER_NAME,
      connectionTimeoutMillis: connectTimeoutMs,
      keepAlive: true,
    });
    const lost = () => {
      if (client !== next) return;
      client = undefined;
      listener.onConnected(false);
      next.removeAllListeners('notification');
      void next.end().catch(() => undefined);
      if (!stopped) schedule();
    };
    next.on('error', lost);
    next.on('end', lost);
    next.on('notification', (message) => {
      if (message.channel === channel) listener.onNotify(message.payload ?? '');
    });
    try {
      await next.connect();
      await next.query(`listen "${channel}"`);
    } catch (error) {
      await next.end().catch(() => undefined); // a half-open client must not linger
      throw error;
    }
    if (stopped) {
      await next.end();
      return;
    }
    client = next;
    delay = RECONNECT_MIN_MS;
    listener.onConnected(true);
  };
  const schedule = () => {
    retry = setTimeout(() => {
      connect().catch(() => {
        delay = Math.min(delay * 2, RECONNECT_MAX_MS);
        if (!stopped) schedule();
      });
    }, delay);
    retry.unref();
  };

  try {
    await connect();
  } catch {
    // The database may come later: until then the caches do not serve.
    listener.onConnected(false);
    schedule();
  }
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const current = client;
    client = undefined;
    listener.onConnected(false);
    await current?.end().catch(() => undefined);
  };
}

/** One name per statement text: the same SQL shares its prepared statement on a connection. */
function statementName(sql: string): string {
  return `portico_${createHash('sha256').update(sql).digest('hex').slice(0, 24)}`;
}
