import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/db.js';
import { demoProducts } from '../../seed/products.js';
import { databaseKinds, createTestDb, type TestDb } from '../../../test/test-db.js';
import { termCountsDrift } from '../../../test/term-counts.js';
import { insertNews, SEARCH_WINDOW } from './news.repository.js';
import { countProductNewsMatches, listProductNews } from './product-news.repository.js';

// A product's news count (issue 38, migrations 042 and 045): each item's products are copied
// onto its row by triggers on news_products, and the count (the words' counts kept by
// triggers, or the GIN index over words and products) must be the product news tab's total
// for the same words.

const productId = (id: string) => demoProducts.find((p) => p.id === id)!.id;
const [erp, fpa, te] = [productId('p-erp'), productId('p-fpa'), productId('p-te')];
const DAY = 86_400_000;
const START = Date.parse('2004-01-01T00:00:00.000Z');

/** "quasar" is in every item, "nebula" in every third, "pulsar" in every fortieth. */
function corpus(count: number) {
  return Array.from({ length: count }, (_, i) => ({
    title: `Quasar ${i % 3 === 0 ? 'nebula' : 'report'} ${i}`,
    content: `<p>${i % 40 === 0 ? 'pulsar' : 'comet'} quasar notes</p>`,
    publicationDate: START + i * DAY,
  }));
}

const queries = [
  'quasar',
  'nebula',
  'pulsar',
  'quasar nebula',
  '"quasar nebula"',
  'quasar -nebula',
  'quasar -pulsar', // one word less a rare one: past the bound by the words' counts
  '-pulsar quasar',
  'quasar -pulsar -nebula', // less both: below the bound, so the index counts
  'quasar -quasar',
  'nebula OR pulsar',
  '"comet quasar"', // a phrase in most items: past the bound
  '"pulsar quasar notes"',
  '"nebula quasar"', // both words, never side by side
  'quasar or pulsar',
  'pulsar or pulsar',
  'zeppelin or pulsar',
  'zeppelin',
  'the',
];

/** Items whose product_ids differ from their links (0 when the triggers keep them). */
async function drift(db: Db): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`
    select count(*)::int as n from news n
     where n.product_ids is distinct from coalesce(
       (select array_agg(np.product_id order by np.product_id)
          from news_products np where np.news_id = n.id), '{}')`);
  return rows[0]!.n;
}

/** Carries a transaction's answers out of it while rolling it back. */
class RolledBack extends Error {
  constructor(readonly counts: number[]) {
    super('rolled back');
  }
}

/** A word's count in a product's news (product_term_counts). */
async function termCount(db: Db, productId: string, lexeme: string): Promise<number> {
  const { rows } = await db.query<{ items: number }>(
    `select items from product_term_counts
      where source = 'news' and product_id = $1 and lexeme = $2`,
    [productId, lexeme],
  );
  return rows[0]?.items ?? 0;
}

async function tabTotal(db: Db, productId: string, query: string): Promise<number> {
  return (await listProductNews(db, { productId, query, limit: 1, offset: 0 })).total;
}

describe.each(databaseKinds())('a product news count over %s', (kind) => {
  let t: TestDb;
  let ids: number[];

  beforeAll(async () => {
    t = await createTestDb(kind);
    ids = await insertNews(t.db, corpus(1500));
    // Four items in five are the ERP's; every fourth is FP&A's, most of them the ERP's too.
    await t.db.query(
      `insert into news_products (news_id, product_id)
       select id, $2 from unnest($1::bigint[]) with ordinality u(id, i) where i % 5 <> 0`,
      [ids, erp],
    );
    await t.db.query(
      `insert into news_products (news_id, product_id)
       select id, $2 from unnest($1::bigint[]) with ordinality u(id, i) where i % 4 = 0`,
      [ids, fpa],
    );
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  it('copies every item’s products onto its row', async () => {
    expect(await drift(t.db)).toBe(0);
    const { rows } = await t.db.query<{ product_ids: string[] }>(
      'select product_ids from news where id = $1',
      [ids[3]],
    );
    expect(rows[0]?.product_ids).toEqual([erp, fpa].sort());
  });

  it('counts what the product news tab lists, by the words’ counts and by the index', async () => {
    expect(await termCountsDrift(t.db)).toEqual([]);
    for (const productId of [erp, fpa, te]) {
      for (const query of queries) {
        const expected = await tabTotal(t.db, productId, query);
        for (const termCounts of [true, false]) {
          const count = await countProductNewsMatches(t.db, productId, query, { termCounts });
          expect({ productId, query, termCounts, count }).toEqual({
            productId,
            query,
            termCounts,
            count: expected,
          });
        }
      }
    }
    // The words' counts answer one word and an OR of which a word fills the bound.
    expect(await termCount(t.db, erp, 'quasar')).toBe(1200);
    expect(await countProductNewsMatches(t.db, erp, 'Quasars')).toBe(SEARCH_WINDOW);
    expect(await countProductNewsMatches(t.db, fpa, 'pulsar')).toBe(
      await termCount(t.db, fpa, 'pulsar'),
    );
  }, 120_000);

  it('answers one word less others from the words’ counts when they reach the bound', async () => {
    // FP&A's items all hold "quasar", a third of them "nebula", most of them "comet": the
    // index counts the rest. With a kept count of 5 000 for "quasar" (rolled back), the words'
    // counts fill the bound without the index (which would still count the rest); with 1 200,
    // less "nebula" and "comet" they do not, and the index counts.
    const rest = await tabTotal(t.db, fpa, 'quasar -nebula');
    expect(rest).toBeGreaterThan(0);
    expect(rest).toBeLessThan(SEARCH_WINDOW);
    const countsWith = async (items: number, queries: string[]) =>
      t.db
        .transaction(async (tx) => {
          await tx.query(
            `update product_term_counts set items = $2
              where source = 'news' and product_id = $1 and lexeme = 'quasar'`,
            [fpa, items],
          );
          const counts: number[] = [];
          for (const query of queries) counts.push(await countProductNewsMatches(tx, fpa, query));
          throw new RolledBack(counts);
        })
        .catch((error: unknown) => (error instanceof RolledBack ? error.counts : []));
    expect(await countsWith(5000, ['quasar -nebula', '-nebula quasar -comet'])).toEqual([
      SEARCH_WINDOW,
      SEARCH_WINDOW,
    ]);
    expect(await countsWith(1200, ['quasar -nebula -comet', 'quasar -nebula'])).toEqual([
      await tabTotal(t.db, fpa, 'quasar -nebula -comet'),
      SEARCH_WINDOW,
    ]);
    expect(await termCount(t.db, fpa, 'quasar')).toBe(375);
  }, 120_000);

  it('lists for a search the items the links name (the tab reads product_ids)', async () => {
    for (const productId of [erp, fpa, te]) {
      for (const query of queries) {
        const { items } = await listProductNews(t.db, { productId, query, limit: 1000, offset: 0 });
        const { rows } = await t.db.query<{ id: string }>(
          `select n.id::text from news n join news_products np on np.news_id = n.id
            where np.product_id = $1 and n.search @@ websearch_to_tsquery('english', $2)
            order by n.publication_date desc, n.id desc limit $3`,
          [productId, query, SEARCH_WINDOW],
        );
        const listed = items.map((item) => item.id).sort((a, b) => a - b);
        const linked = rows.map((row) => Number(row.id)).sort((a, b) => a - b);
        expect({ productId, query, listed }).toEqual({ productId, query, listed: linked });
      }
    }
  }, 120_000);

  it('follows the links through inserts, moves, deletes and a withdrawn item', async () => {
    const [a, b, c, d] = ids as [number, number, number, number];
    await t.db.query('insert into news_products (news_id, product_id) values ($1, $2)', [a, te]);
    await t.db.query(
      'update news_products set product_id = $3 where news_id = $1 and product_id = $2',
      [b, erp, te],
    );
    await t.db.query('delete from news_products where news_id = $1', [c]);
    await t.db.query('delete from news where id = $1', [d]);
    expect(await drift(t.db)).toBe(0);
    const { rows } = await t.db.query<{ id: string; product_ids: string[] }>(
      'select id::text, product_ids from news where id = any($1::bigint[]) order by id',
      [[a, b, c]],
    );
    expect(rows.map((r) => r.product_ids)).toEqual([[erp, te].sort(), [te], []]);
    // An edit of an item's words, and a flag that changes neither words nor products.
    await t.db.query(`update news set title = 'Pulsar ' || title where id = $1`, [a]);
    await t.db.query('update news set sales = not sales where id = $1', [b]);
    expect(await termCountsDrift(t.db)).toEqual([]);
    for (const query of ['quasar', 'pulsar', 'quasar or pulsar']) {
      expect(await countProductNewsMatches(t.db, te, query)).toBe(await tabTotal(t.db, te, query));
    }
  });

  it('empties every item’s products with the links', async () => {
    await t.db.exec('truncate news_products');
    const { rows } = await t.db.query<{ n: number }>(
      `select count(*)::int as n from news where product_ids <> '{}'`,
    );
    expect(rows[0]!.n).toBe(0);
    expect(await countProductNewsMatches(t.db, erp, 'quasar')).toBe(0);
    expect(await termCountsDrift(t.db)).toEqual([]);
    await t.db.exec('truncate news cascade');
    expect(await termCountsDrift(t.db)).toEqual([]);
  });
});
