import {
  DOCUMENT_FACETS,
  productDocumentPageSchema,
  type ProductDocumentPage,
} from '@portico/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadEnv } from '../../config/env.js';
import { createTestApp, testEnvSource, type TestApp } from '../../../test/test-app.js';
import { routeDatabaseKinds } from '../../../test/test-db.js';
import { bearerFor } from '../../../test/tokens.js';
import { until } from '../../../test/until.js';
import { ANNA } from '../../../test/demo-emails.js';

// ADR 0055 addendum: with read caches on, documentation filtered by two or more facets
// without a query is answered from each node's bitmaps. What a caller sees must be what the
// SQL of ADR 0034 answers (the same app with caches off, over the same database), and a
// change of the documents by any writer must reach the answer once the notification arrives.

const BASE = '/api/products/p-erp/documents';

/** A small deterministic generator (the same selections every run). */
function numbers(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

describe.each(routeDatabaseKinds())('documentation facet bitmaps over %s', (kind) => {
  let t: TestApp;
  let cached: FastifyInstance;
  let sqlToken: string;
  let cachedToken: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    cached = await buildApp({
      env: loadEnv(testEnvSource({ READ_CACHE: '1' })),
      db: t.db,
      ready: true,
    });
    await cached.ready();
    sqlToken = await bearerFor(t.app, ANNA);
    cachedToken = await bearerFor(cached, ANNA);
    await until(() => Promise.resolve(cached.readCaches.serving()), 'the cache listens');
  });
  afterAll(async () => {
    await cached.close();
    await t.close();
  });

  async function page(app: FastifyInstance, token: string, url: string) {
    const res = await app.inject({ url, headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode, res.body).toBe(200);
    const body = productDocumentPageSchema.parse(res.json());
    expect(res.headers['x-total-count']).toBe(String(body.total));
    return body;
  }

  /** Built, so the next multi-facet request is answered from the bitmaps. */
  async function built(): Promise<void> {
    await until(async () => {
      await cached.readCaches.documentFacets.build('p-erp');
      return cached.readCaches.documentFacets.size === 1;
    }, 'the bitmaps are built');
  }

  it('answers every multi-facet selection as the SQL does: counts, total and page', async () => {
    const all = await page(t.app, sqlToken, BASE);
    const offered = all.facets.filter((f) => f.values.length > 1);
    expect(offered.length).toBeGreaterThan(2);
    await built();
    const random = numbers(24);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
    let nonEmpty = 0;
    for (let i = 0; i < 40; i++) {
      const facets = new Set<(typeof offered)[number]>();
      const wanted = 2 + Math.floor(random() * 3);
      while (facets.size < wanted) facets.add(pick(offered));
      const params = new URLSearchParams();
      for (const facet of facets) {
        const values = new Set([pick(facet.values).key, pick(facet.values).key]);
        for (const key of values) params.append(facet.facet, key);
      }
      params.set('page', String(1 + (i % 3)));
      const url = `${BASE}?${params.toString()}`;
      const fromSql: ProductDocumentPage = await page(t.app, sqlToken, url);
      const fromBitmaps = await page(cached, cachedToken, url);
      expect(fromBitmaps, url).toEqual(fromSql);
      if (fromSql.items.length > 0) nonEmpty += 1;
    }
    // The selections must have found documents, and every facet must have been counted.
    expect(nonEmpty).toBeGreaterThan(10);
    expect(cached.readCaches.documentFacets.size).toBe(1);
    expect(DOCUMENT_FACETS.length).toBe(9);
  });

  it('shows a document published by another writer once its notification arrives', async () => {
    await built();
    const url = `${BASE}?${new URLSearchParams([
      ['language', 'en'],
      ['documentType', 'user-guide'],
    ]).toString()}`;
    const before = await page(cached, cachedToken, url);
    expect(before.total).toBeGreaterThan(0);
    // A publication by plain SQL (not through this API): a copy of the newest match, dated
    // after every other document, so it leads the page.
    const newest = before.items[0]!.id;
    const { rows } = await t.db.query<{ id: number | string }>(
      `insert into product_documents (product_id, published_on, country, engine, language,
              module, process, product, release, document_type, type)
       select product_id, published_on + 3650, country, engine, language, module, process,
              product, release, document_type, type
         from product_documents where id = $1
       returning id`,
      [newest],
    );
    const added = Number(rows[0]!.id);
    await t.db.query(
      `insert into product_document_texts
         (document_id, product_id, published_on, title, summary, content, search)
       select $2, product_id, published_on + 3650, 'Newly published guide', summary, content, search
         from product_document_texts where document_id = $1`,
      [newest, added],
    );
    let after = before;
    await until(async () => {
      after = await page(cached, cachedToken, url);
      return after.total === before.total + 1;
    }, 'the new document is counted');
    expect(after.items[0]).toMatchObject({ id: added, title: 'Newly published guide' });
    expect(after).toEqual(await page(t.app, sqlToken, url));
  });
});
