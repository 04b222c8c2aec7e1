import { rowsBy } from '../../db/db.js';

/** The `labels` table's values for a language (editorial overrides, spec §7). */
export const findLabelValues = rowsBy<{ key: string; value: string }>(
  'select key, value from labels where language = $1',
);
