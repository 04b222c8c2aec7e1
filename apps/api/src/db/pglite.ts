import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { unavailableOr, type Db, type DbOptions, type Queryable } from './db.js';

/** The contrib extensions search needs (migration 031, ADR 0066), which PGlite ships. */
export const pgliteExtensions = { pg_trgm, unaccent };

/** The embedded driver: PGlite in process, in memory or over a data folder. */
export async function openPglite(options: DbOptions): Promise<Db> {
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
