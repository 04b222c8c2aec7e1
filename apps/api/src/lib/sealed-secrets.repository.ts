import { firstValue, type Queryable } from '../db/db.js';
import type { SecretRow } from './key-encryption.js';

/** The tables that keep a sealed secret per name, and the column that holds it. */
const SECRET_TABLES = {
  oidc_keys: 'value',
  support_desk_keys: 'secret',
} as const;

/**
 * The row `name` of a table of sealed secrets (ADR 0060) as key-encryption reads and writes
 * it: read, insert unless present (several nodes agree on the first), and replace only while
 * it still holds what was read.
 */
export function secretRow(
  db: Queryable,
  table: keyof typeof SECRET_TABLES,
  name: string,
): SecretRow {
  const column = SECRET_TABLES[table];
  const find = () =>
    firstValue<unknown>(db, `select ${column} as v from ${table} where name = $1`, [name]);
  return {
    find,
    insertIfAbsent: async (value) => {
      await db.query(
        `insert into ${table} (name, ${column}) values ($1, $2) on conflict (name) do nothing`,
        [name, JSON.stringify(value)],
      );
      return find();
    },
    replace: async (expected, value) => {
      await db.query(
        `update ${table} set ${column} = $3 where name = $1 and ${column} = $2::jsonb`,
        [name, JSON.stringify(expected), JSON.stringify(value)],
      );
    },
  };
}
