import type { Queryable } from '../../db/db.js';

/** The `labels` table's values for a language (editorial overrides, spec §7). */
export async function findLabelValues(
  db: Queryable,
  language: string,
): Promise<{ key: string; value: string }[]> {
  const { rows } = await db.query<{ key: string; value: string }>(
    'select key, value from labels where language = $1',
    [language],
  );
  return rows;
}
