import { firstValue, type Queryable } from '../../db/db.js';

// The one row of unsubscribe_keys (migration 011; JSON since 029, encrypted: ADR 0060).

export async function findUnsubscribeKey(db: Queryable): Promise<unknown> {
  return firstValue<unknown>(db, 'select secret from unsubscribe_keys');
}

/** Stores `value` unless a key is there (several nodes agree on one); the stored value. */
export async function insertUnsubscribeKeyIfAbsent(
  db: Queryable,
  value: unknown,
): Promise<unknown> {
  await db.query(
    'insert into unsubscribe_keys (secret) values ($1) on conflict (singleton) do nothing',
    [JSON.stringify(value)],
  );
  return findUnsubscribeKey(db);
}

/** Replaces the stored key only while it is still `expected`. */
export async function replaceUnsubscribeKey(
  db: Queryable,
  expected: unknown,
  value: unknown,
): Promise<void> {
  await db.query('update unsubscribe_keys set secret = $2 where secret = $1::jsonb', [
    JSON.stringify(expected),
    JSON.stringify(value),
  ]);
}
