import { firstRow, rowBy, rowsBy, type Queryable } from '../../db/db.js';

export const findLabels = rowsBy<{ key: string; value: string }>(
  'select key, value from labels where language = $1 order by key collate "C"',
);

/** The caller's profile language, or null for an unknown user. */
export async function profileLanguage(db: Queryable, userId: string): Promise<string | null> {
  return (
    (await firstRow<{ language: string }>(db, 'select language from users where id = $1', [userId]))
      ?.language ?? null
  );
}

export async function listProducts(
  db: Queryable,
): Promise<{ product_name: string; slug: string; content_id: string }[]> {
  const { rows } = await db.query<{ product_name: string; slug: string; content_id: string }>(
    'select product_name, slug, content_id from products order by slug collate "C"',
  );
  return rows;
}

export const findContentDocument = rowBy<{ title: string; content: string }>(
  'select title, content from content_documents where id = $1',
);
