import { SEARCH_COUNT_LIMIT } from '@portico/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/db.js';
import { insertGeneratedDocuments, writeDocumentTexts } from '../../seed/product-documents.js';
import { demoProducts } from '../../seed/products.js';
import { databaseKinds, createTestDb, type TestDb } from '../../../test/test-db.js';
import { termCountsDrift } from '../../../test/term-counts.js';
import { countProductContent } from './search.repository.js';

// A product's documentation count (issue 38, migrations 045 and 046): one word, or words
// joined by OR of which one fills the bound, from the words' counts kept by triggers on
// product_document_texts; a phrase from the index of side-by-side words; any other search
// over the words' index. Each way it must be the count over the product's documents.

const [erp, fpa] = ['p-erp', 'p-fpa'].map((id) => demoProducts.find((p) => p.id === id)!.id) as [
  string,
  string,
];

async function overRows(db: Db, productId: string, query: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from (select 1 from product_document_texts
      where product_id = $1 and search @@ websearch_to_tsquery('english', $2) limit $3) m`,
    [productId, query, SEARCH_COUNT_LIMIT],
  );
  return rows[0]!.n;
}

describe.each(databaseKinds())('a product documentation count over %s', (kind) => {
  let t: TestDb;
  /** A word of every document of the ERP's (before "nebula"), and of none of FP&A's. */
  const marker = 'quasar';

  beforeAll(async () => {
    t = await createTestDb(kind);
    // Past the bound for one product: its documents' words are counted beyond 1 000.
    await insertGeneratedDocuments(t.db, [erp], 1_100);
    await writeDocumentTexts(t.db);
    await t.db.query(
      `update product_document_texts set search = search || to_tsvector('english', $2)
        where product_id = $1`,
      [erp, `${marker} nebula`],
    );
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  it('keeps each word’s count through inserts, edits, moves and deletes', async () => {
    expect(await termCountsDrift(t.db)).toEqual([]);
    const { rows } = await t.db.query<{ id: string }>(
      `select document_id::text as id from product_document_texts
        where product_id = $1 order by document_id limit 3`,
      [erp],
    );
    const [a, b, c] = rows.map((r) => r.id) as [string, string, string];
    await t.db.query(
      `update product_document_texts set search = search || to_tsvector('english', 'pulsar quasar')
        where document_id = $1`,
      [a],
    );
    await t.db.query('update product_document_texts set product_id = $2 where document_id = $1', [
      b,
      fpa,
    ]);
    await t.db.query('update product_document_texts set title = title where document_id = $1', [c]);
    await t.db.query('delete from product_document_texts where document_id = $1', [c]);
    expect(await termCountsDrift(t.db)).toEqual([]);
  });

  it('counts as over the product’s documents', async () => {
    const queries = [
      marker,
      'Quasars',
      'pulsar',
      `${marker} or pulsar`,
      'pulsar or zeppelin',
      'zeppelin',
      `${marker} pulsar`,
      `"${marker} pulsar"`,
      `"pulsar ${marker}"`, // side by side in one document
      `"${marker} nebula"`, // in every document of the ERP's: past the bound
      `"nebula ${marker}"`,
      `${marker} -pulsar`, // the word's count less the other's fills the bound
      `-pulsar ${marker} -nebula`, // less both it does not: the index counts (none)
      'the',
    ];
    const found = [];
    for (const productId of [erp, fpa]) {
      for (const query of queries) {
        const { documentation } = await countProductContent(t.db, productId, query);
        found.push({ productId, query, documentation });
        expect(found.at(-1)).toEqual({
          productId,
          query,
          documentation: await overRows(t.db, productId, query),
        });
      }
    }
    expect(found.find((f) => f.productId === erp && f.query === marker)?.documentation).toBe(
      SEARCH_COUNT_LIMIT,
    );
    expect(found.find((f) => f.productId === fpa && f.query === marker)?.documentation).toBe(1);
  }, 120_000);

  it('empties the counts with the documents', async () => {
    await t.db.exec('truncate product_document_texts');
    expect(await termCountsDrift(t.db)).toEqual([]);
    expect((await countProductContent(t.db, erp, marker)).documentation).toBe(0);
  });
});
