import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
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
  /** Several statements, no parameters (migrations). */
  exec(sql: string): Promise<void>;
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
}

export async function openDb(options: DbOptions): Promise<Db> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.schema ?? 'public')
    : openPglite(options);
}

async function openPglite(options: DbOptions): Promise<Db> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const lite = await PGlite.create(
    options.dataDir,
    options.loadDataDir ? { loadDataDir: options.loadDataDir } : {},
  );
  const asQueryable = (q: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<T extends object>(sql: string, params: readonly unknown[] = []) {
      const result = await q.query<T>(sql, params as unknown[]);
      return { rows: result.rows };
    },
    async exec(sql: string) {
      await q.exec(sql);
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

async function openPostgres(url: string, schema: string): Promise<Db> {
  const client = new pg.Client({ connectionString: url });
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
  });
  // Bigint counts come back as strings from pg; PGlite gives numbers. Align on numbers
  // (our counts and ids stay far below 2^53).
  pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
  const asQueryable = (q: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T extends object>(
      sql: string,
      params: readonly unknown[] = [],
      options: QueryOptions = {},
    ) {
      const result = await q.query(
        options.prepare
          ? { name: statementName(sql), text: sql, values: params as unknown[] }
          : { text: sql, values: params as unknown[] },
      );
      return { rows: result.rows as T[] };
    },
    async exec(sql: string) {
      await q.query(sql);
    },
  });
  return {
    kind: 'postgres',
    schema,
    ...asQueryable(pool),
    async transaction(fn) {
      const conn = await pool.connect();
      try {
        await conn.query('begin');
        const result = await fn(asQueryable(conn));
        await conn.query('commit');
        return result;
      } catch (error) {
        await conn.query('rollback');
        throw error;
      } finally {
        conn.release();
      }
    },
    listen: (channel, listener) => listenOnPostgres(url, channel, listener),
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
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let delay = RECONNECT_MIN_MS;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url, application_name: LISTENER_NAME });
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
