import type { Db } from '../src/db/db.js';

/**
 * One document of a product with its searchable text (title as the words to find), every facet
 * 0 and published 2024-01-01: a documentation hit the search tests count on.
 */
export async function insertSearchableDocument(
  db: Db,
  productId: string,
  title: string,
): Promise<void> {
  await db.query(
    `with d as (
       insert into product_documents (product_id, published_on, country, engine, language,
                                      module, process, product, release, document_type, type)
       values ($1, date '2024-01-01', 0, 0, 0, 0, 0, 0, 0, 0, 0) returning id, product_id)
     insert into product_document_texts
       (document_id, product_id, published_on, title, summary, content, search)
     select id, product_id, date '2024-01-01', $2, 'x', 'x',
            -- The title weighs A, as writeDocumentTexts writes it (the ranking's title hit).
            setweight(to_tsvector('english', $2), 'A') from d`,
    [productId, title],
  );
}
