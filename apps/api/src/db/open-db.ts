import type { Db, DbOptions } from './db.js';
import { openPglite } from './pglite.js';
import { DEFAULT_CONNECT_TIMEOUT_MS, openPostgres } from './postgres.js';

/** PostgreSQL when a URL is given, else PGlite (embedded, in memory or in a folder). */
export async function openDb(options: DbOptions): Promise<Db> {
  return options.databaseUrl
    ? openPostgres(
        options.databaseUrl,
        options.schema ?? 'public',
        options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
      )
    : openPglite(options);
}
