import {
  problemSchema,
  DOCUMENT_FACETS,
  productDocumentPageSchema,
  productDocumentSchema,
  type DocumentFacet,
  type ProductDocumentPage,
} from '@portico/contracts';
import { describe, expect, it } from 'vitest';
import { appPerSuite } from '../../../test/suite-app.js';
import { routeDatabaseKinds } from '../../../test/test-db.js';
import { DEMO_DOCUMENTS_PER_PRODUCT, writeDocumentTexts } from '../../seed/product-documents.js';
import { ANNA, PAUL, ERIK } from '../../../test/demo-emails.js';
import { expectProblems } from '../../../test/expect-problems.js';

const ERP_CONTENT_ID = '6f1d2c0a-7b3e-4d5a-9c1e-0a1b2c3d4e01';

/** The database column of each §9 facet, written here independently of the server. */
const COLUMN: Record<DocumentFacet, string> = {
  country: 'country',
  engine: 'engine',
  language: 'language',
  module: 'module',
  process: 'process',
  product: 'product',
  release: 'release',
  documentType: 'document_type',
  type: 'type',
};
const FACET_INDEX: Record<DocumentFacet, number> = Object.fromEntries(
  DOCUMENT_FACETS.map((f, i) => [f, i]),
) as Record<DocumentFacet, number>;

describe.each(routeDatabaseKinds())('product documents API over %s', (kind) => {
  const t = appPerSuite(kind);
  const get = (url: string, who = ANNA) => t.get(who, url);

  async function page(url: string, who = ANNA): Promise<ProductDocumentPage> {
    const res = await get(url, who);
    expect(res.statusCode, res.body).toBe(200);
    const body = productDocumentPageSchema.parse(res.json());
    expect(res.headers['x-total-count']).toBe(String(body.total));
    return body;
  }

  /**
   * The counts a facet should show, straight from the tables: the query and every OTHER
   * facet's selection applied.
   */
  async function directCounts(
    productId: string,
    query: string,
    selections: Partial<Record<DocumentFacet, string[]>>,
    facet: DocumentFacet | null,
  ): Promise<Map<string, number>> {
    const where: string[] = ['d.product_id = $1'];
    const params: unknown[] = [productId];
    if (query) {
      params.push(query);
      where.push(`t.search @@ websearch_to_tsquery('english', $${params.length})`);
    }
    for (const [f, keys] of Object.entries(selections) as [DocumentFacet, string[]][]) {
      if (f === facet) continue;
      params.push(FACET_INDEX[f], keys);
      where.push(
        `d.${COLUMN[f]} in (select code from product_document_facet_values
                              where facet = $${params.length - 1} and value_key = any($${params.length}::text[]))`,
      );
    }
    const group = facet ? `v.value_key` : `'total'`;
    const join = facet
      ? `join product_document_facet_values v on v.facet = ${FACET_INDEX[facet]} and v.code = d.${COLUMN[facet]}`
      : '';
    const { rows } = await t.db.query<{ key: string; n: number }>(
      `select ${group} as key, count(*)::int as n
         from product_documents d join product_document_texts t on t.document_id = d.id ${join}
        where ${where.join(' and ')} group by 1`,
      params,
    );
    return new Map(rows.map((r) => [r.key, r.n]));
  }

  async function expectCountsMatch(
    url: string,
    query: string,
    selections: Partial<Record<DocumentFacet, string[]>>,
  ): Promise<ProductDocumentPage> {
    const body = await page(url);
    const total = await directCounts('p-erp', query, selections, null);
    expect(body.total).toBe(total.get('total') ?? 0);
    for (const facet of DOCUMENT_FACETS) {
      const expected = await directCounts('p-erp', query, selections, facet);
      const shown = body.facets.find((f) => f.facet === facet)!;
      const nonZero = new Map(shown.values.filter((v) => v.count > 0).map((v) => [v.key, v.count]));
      expect(nonZero, `${facet} counts of ${url}`).toEqual(expected);
      for (const v of shown.values) {
        expect(v.selected).toBe((selections[facet] ?? []).includes(v.key));
      }
    }
    return body;
  }

  it('lists a product by id or contentId: 20 a page, newest first, all nine facets counted', async () => {
    const body = await page('/api/products/p-erp/documents');
    expect(body.total).toBe(DEMO_DOCUMENTS_PER_PRODUCT);
    expect(body.items).toHaveLength(20);
    expect(body.sort).toBe('date');
    expect(body.facets.map((f) => f.facet)).toEqual([...DOCUMENT_FACETS]);
    for (const facet of body.facets) {
      expect(facet.values.length).toBeGreaterThan(1);
      expect(facet.values.reduce((sum, v) => sum + v.count, 0)).toBe(DEMO_DOCUMENTS_PER_PRODUCT);
    }
    const dates = body.items.map((i) => i.publishedOn);
    expect(dates).toEqual([...dates].sort().reverse());
    const byContentId = await page(`/api/products/${ERP_CONTENT_ID}/documents`);
    expect(byContentId.items.map((i) => i.id)).toEqual(body.items.map((i) => i.id));
    await expectCountsMatch('/api/products/p-erp/documents', '', {});
  });

  it('counts each facet with the other facets applied (query, one and several facets, multi-select)', async () => {
    await expectCountsMatch('/api/products/p-erp/documents?release=2025.1', '', {
      release: ['2025.1'],
    });
    await expectCountsMatch(
      '/api/products/p-erp/documents?release=2025.1&release=2024.1&language=en&language=nl',
      '',
      { release: ['2025.1', '2024.1'], language: ['en', 'nl'] },
    );
    const narrowed = await expectCountsMatch(
      '/api/products/p-erp/documents?query=invoices&release=2026.1&release=2026.2&language=en&type=task&type=concept',
      'invoices',
      { release: ['2026.1', '2026.2'], language: ['en'], type: ['task', 'concept'] },
    );
    for (const item of narrowed.items) {
      expect(['2026.1', '2026.2']).toContain(item.facets.release.key);
      expect(item.facets.language.key).toBe('en');
      expect(['task', 'concept']).toContain(item.facets.type.key);
    }
    const all = await expectCountsMatch(
      '/api/products/p-erp/documents?query=invoices',
      'invoices',
      {},
    );
    expect(all.total).toBeGreaterThan(narrowed.total);
    expect(narrowed.total).toBeGreaterThan(0);
  });

  it("leaves no facet values when a search finds nothing ('No filters available')", async () => {
    const body = await page('/api/products/p-erp/documents?query=zeppelin');
    expect(body.total).toBe(0);
    expect(body.items).toEqual([]);
    expect(body.facets.every((f) => f.values.length === 0)).toBe(true);
    // A chosen value stays listed (with 0) so it can be unchosen.
    const chosen = await page('/api/products/p-erp/documents?query=zeppelin&release=2024.1');
    const release = chosen.facets.find((f) => f.facet === 'release')!;
    expect(release.values).toEqual([{ key: '2024.1', label: '2024.1', count: 0, selected: true }]);
  });

  it('sorts by date or by relevance; relevance without a query is date', async () => {
    const byRelevance = await page('/api/products/p-erp/documents?query=vendor%20invoices');
    expect(byRelevance.sort).toBe('relevance');
    const { rows } = await t.db.query<{ id: number | string }>(
      `select document_id as id from product_document_texts
        where product_id = 'p-erp' and search @@ websearch_to_tsquery('english', 'vendor invoices')
        order by ts_rank_cd(search, websearch_to_tsquery('english', 'vendor invoices')) desc,
                 published_on desc, document_id desc limit 20`,
    );
    expect(byRelevance.items.map((i) => i.id)).toEqual(rows.map((r) => Number(r.id)));
    const byDate = await page('/api/products/p-erp/documents?query=vendor%20invoices&sort=date');
    expect(byDate.sort).toBe('date');
    const dates = byDate.items.map((i) => i.publishedOn);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(byDate.total).toBe(byRelevance.total);
    const noQuery = await page('/api/products/p-erp/documents?sort=relevance');
    expect(noQuery.sort).toBe('date');
  });

  it('pages through every document once, 20 a page', async () => {
    const seen = new Set<number>();
    const pages = DEMO_DOCUMENTS_PER_PRODUCT / 20;
    for (let n = 1; n <= pages; n++) {
      const body = await page(`/api/products/p-erp/documents?page=${n}`);
      expect(body.items).toHaveLength(20);
      for (const item of body.items) seen.add(item.id);
    }
    expect(seen.size).toBe(DEMO_DOCUMENTS_PER_PRODUCT);
    const after = await page(`/api/products/p-erp/documents?page=${pages + 1}`);
    expect(after.items).toEqual([]);
    const filtered = await page('/api/products/p-erp/documents?language=en&page=2');
    expect(filtered.page).toBe(2);
    expect(filtered.items.every((i) => i.facets.language.key === 'en')).toBe(true);
  });

  it.each([
    ['sort=newest', /sort must be one of date, relevance/],
    ['page=0', /page must be a whole number/],
    ['page=two', /page must be a whole number/],
    ['release=1999.1', /release has no value "1999.1"/],
    ['documentType=%3Cscript%3E', /documentType has no value/],
    ['query=a&query=b', /query must be given once/],
    [`query=${'x'.repeat(201)}`, /query must be at most 200 characters/],
  ])('answers 400 with a message for %s', async (qs, message) => {
    const res = await get(`/api/products/p-erp/documents?${qs}`);
    expect(res.statusCode).toBe(400);
    expect(problemSchema.parse(res.json()).detail).toMatch(message);
  });

  it('403 for a product the caller is not connected to, 404 for an unknown one; employees reach all', async () => {
    const routes = [
      '/api/products/p-erp/documents',
      '/api/products/p-erp/documents/1',
      '/api/products/p-erp/documents/1/download',
    ];
    for (const { url, problem } of await expectProblems(routes, 403, (url) => get(url, PAUL)))
      expect(problem.detail, url).toMatch(/not connected to ERP/);
    expect((await get('/api/products/p-nope/documents')).statusCode).toBe(404);
    expect((await get('/api/products/p-erpx/documents', PAUL)).statusCode).toBe(200);
    expect((await page('/api/products/p-te/documents', ERIK)).total).toBe(
      DEMO_DOCUMENTS_PER_PRODUCT,
    );
  });

  it("opens a document of the product; another product's document is a 404", async () => {
    const first = (await page('/api/products/p-erp/documents')).items[0]!;
    const res = await get(`/api/products/p-erp/documents/${first.id}`);
    expect(res.statusCode).toBe(200);
    const document = productDocumentSchema.parse(res.json());
    expect(document.title).toBe(first.title);
    expect(document.productName).toBe('ERP');
    expect(document.content).toMatch(/<h2>Overview<\/h2>/);

    const erpx = (await page('/api/products/p-erpx/documents', ERIK)).items[0]!;
    for (const suffix of ['', '/download']) {
      const other = await get(`/api/products/p-erp/documents/${erpx.id}${suffix}`);
      expect(other.statusCode).toBe(404);
    }
    expect((await get('/api/products/p-erp/documents/99999999999')).statusCode).toBe(404);
    expect((await get('/api/products/p-erp/documents/abc')).statusCode).toBe(400);
  });

  it('strips script, handlers and javascript: links from a document, in JSON and in the download', async () => {
    const { rows } = await t.db.query<{ id: number | string }>(
      `update product_document_texts
          set title = 'Hostile <b>title</b>',
              content = '<h2>Intro</h2><script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">x</a><p style="position:fixed" id="main">kept</p>'
        where document_id = (select min(id) from product_documents where product_id = 'p-fpa')
        returning document_id as id`,
    );
    const id = Number(rows[0]!.id);
    const res = await get(`/api/products/p-fpa/documents/${id}`);
    expect(res.statusCode).toBe(200);
    const { content } = productDocumentSchema.parse(res.json());
    expect(content).toContain('<h2>Intro</h2>');
    expect(content).toContain('kept');
    for (const bad of ['<script', 'onerror', 'javascript:', 'style=', 'id="main"']) {
      expect(content).not.toContain(bad);
    }
    const file = await get(`/api/products/p-fpa/documents/${id}/download`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="hostile-b-title-b-${id}.html"`,
    );
    expect(file.body).toContain('<title>Hostile &lt;b&gt;title&lt;/b&gt;</title>');
    expect(file.body).toContain('<h2>Intro</h2>');
    for (const bad of ['<script', 'onerror', 'javascript:']) expect(file.body).not.toContain(bad);
  });

  it('answers a one-facet list from stored pair counts, exact through insert, update and delete (ADR 0055)', async () => {
    await t.db.query(
      `insert into product_documents (product_id, published_on, country, engine, language, module,
                                      process, product, release, document_type, type)
       values ('p-erp', '2026-03-01', 3, 1, 1, 2, 1, 1, 6, 1, 1),
              ('p-erp', '2026-03-02', 4, 2, 2, 3, 2, 2, 6, 2, 2)`,
    );
    await writeDocumentTexts(t.db);
    await t.db.query(
      `update product_documents set language = 2, release = 7
        where id = (select max(id) from product_documents where product_id = 'p-erp')`,
    );
    await t.db.query(
      `delete from product_documents where id = (select min(id) from product_documents
                                                  where product_id = 'p-erp')`,
    );
    const multi = await expectCountsMatch(
      '/api/products/p-erp/documents?language=nl&language=no&page=2',
      '',
      { language: ['nl', 'no'] },
    );
    for (const item of multi.items) expect(['nl', 'no']).toContain(item.facets.language.key);
    await expectCountsMatch('/api/products/p-erp/documents?release=2026.2', '', {
      release: ['2026.2'],
    });
    // The pairs are the stored ones, equal to a count over the documents.
    const { rows } = await t.db.query<{ n: number }>(
      `with direct as (
         select d.product_id, a.facet, a.code, b.facet as facet_b, b.code as code_b,
                count(*)::int as documents
           from product_documents d
           cross join lateral (values (2::smallint, d.language), (6::smallint, d.release)) a (facet, code)
           cross join lateral (values (7::smallint, d.document_type), (8::smallint, d.type)) b (facet, code)
          group by 1, 2, 3, 4, 5)
       select count(*)::int as n from direct full join product_document_facet_pairs p
           on p.product_id = direct.product_id and p.facet_a = direct.facet and p.code_a = direct.code
          and p.facet_b = direct.facet_b and p.code_b = direct.code_b
        where (p.facet_a in (2, 6) and p.facet_b in (7, 8) and p.documents > 0 or direct.facet is not null)
          and p.documents is distinct from direct.documents`,
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('keeps the stored counts exact when documents are added and removed', async () => {
    const before = await page('/api/products/p-financials/documents');
    await t.db.query(
      `insert into product_documents (product_id, published_on, country, engine, language, module,
                                      process, product, release, document_type, type)
       values ('p-financials', '2026-01-01', 1, 1, 1, 1, 1, 1, 1, 1, 1),
              ('p-financials', '2026-01-02', 2, 2, 2, 2, 2, 2, 2, 2, 2)`,
    );
    await t.db.query(
      `delete from product_documents where id = (select min(id) from product_documents
                                                  where product_id = 'p-financials')`,
    );
    const after = await page('/api/products/p-financials/documents');
    expect(after.total).toBe(before.total + 1);
    const { rows } = await t.db.query<{ n: number }>(
      "select count(*)::int as n from product_documents where product_id = 'p-financials'",
    );
    expect(after.total).toBe(rows[0]!.n);
    for (const facet of after.facets) {
      expect(facet.values.reduce((sum, v) => sum + v.count, 0)).toBe(after.total);
    }
  });
});
