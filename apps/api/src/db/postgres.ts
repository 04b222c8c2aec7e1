import { createHash } from 'node:crypto';
import pg from 'pg';
import {
  isDatabaseUnavailable,
  unavailableOr,
  type ChangeListener,
  type Db,
  type Queryable,
  type QueryOptions,
} from './db.js';

export const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;

/** The server driver: a pg pool in its own schema, LISTEN over a connection of its own. */
export async function openPostgres(
  url: string,
  schema: string,
  connectTimeoutMs: number,
): Promise<Db> {
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
    // No JIT and no parallel workers: the portal's statements are short index reads. The cost
    // guess for a plan's seldom-run branches (the search's fallbacks) passed jit_above_cost,
    // and compiling took 40 ms of a 3 ms statement; two workers cost about 3 ms to start, on
    // cores the other users' statements need (issue 38: the search under 20 users p50 −25 to
    // −40 %; the documents bench at a million rows is the same with and without them).
    options: `-c search_path="${schema}" -c jit=off -c max_parallel_workers_per_gather=0`,
    // Fail fast while the database is away (ADR 0053): a query waits this long for a
    // connection, new or pooled, then answers 503 instead of hanging.
    connectionTimeoutMillis: connectTimeoutMs,
    // A peer that vanished without a word (a cut network) shows up as an error in time.
    keepAlive: true,
    // Idle connections stay open (pg-pool closed them after 10 s): a new server process plans
    // with cold catalogue caches, and the search's statements, which name dozens of tables,
    // indexes and functions, took 45–105 ms on one instead of 14–20 ms (issue 38: the
    // slowest searches of a quiet portal were those that found their connection new).
    idleTimeoutMillis: 0,
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
