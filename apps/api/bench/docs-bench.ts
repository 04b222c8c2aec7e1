// `npm run bench:docs`: the product documentation search (issue 13 "Bench") over BENCH_ROWS
// documents, generated in SQL and spread over BENCH_PRODUCTS of the demo products (all six by
// default; 1 puts every document into ERP, the one queried).
//
//   DATABASE_URL=postgres://… npm run bench:docs     PostgreSQL, in a scratch schema dropped at the end
//   npm run bench:docs                               PGlite, in memory (use a smaller BENCH_ROWS)
//
// Knobs: BENCH_ROWS (1000000), BENCH_PRODUCTS (6), BENCH_LOADS requests per kind (100),
// BENCH_KEEP=1 keeps the scratch schema (for EXPLAIN by hand), BENCH_SCHEMA=<kept schema>
// measures it again without a fill. Every kind runs twice on the same rows: read caches off
// (SQL only) and on (ERP's facet bitmaps built first, ADR 0055 addendum). Target (issue 13): p99 ≤ 50 ms
// for a faceted query with all nine facet counts, on PostgreSQL. ADR 0035 holds the figures.
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { productDocumentPageSchema } from '@portico/contracts';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { insertGeneratedDocuments } from '../src/seed/product-documents.js';
import { demoProducts } from '../src/seed/products.js';
import { demoUsers } from '../src/seed/users.js';
import { bearerFor } from '../test/tokens.js';
import { openScratchDb, positiveInt, timeKind, type KindTimes } from './bench-support.js';

const ROWS = positiveInt('BENCH_ROWS', 1_000_000);
const PRODUCTS = Math.min(positiveInt('BENCH_PRODUCTS', 6), demoProducts.length);
const LOADS = positiveInt('BENCH_LOADS', 100);

const base = '/api/products/p-erp/documents';
const kinds: readonly { name: string; url: string }[] = [
  { name: 'first page, no filter', url: base },
  { name: 'one facet', url: `${base}?release=2026.1` },
  {
    name: 'three facets, multi',
    url: `${base}?release=2026.1&release=2025.2&language=en&type=task`,
  },
  {
    name: 'faceted query',
    url: `${base}?query=invoices&release=2026.1&release=2026.2&language=en&documentType=user-guide`,
  },
  { name: 'frequent term', url: `${base}?query=configuring&sort=date&page=3` },
  { name: 'rare term + facet', url: `${base}?query=reykjavik&type=task` },
  { name: 'zero-hit term', url: `${base}?query=zeppelin` },
  { name: 'zero-hit + facets', url: `${base}?query=zeppelin&release=2026.1&language=nl` },
];

/** Each kind LOADS times (after five to warm up), one request at a time. */
async function measure(app: FastifyInstance, authorization: string) {
  const results: KindTimes[] = [];
  let failures = 0;
  for (const kind of kinds) {
    const timed = await timeKind(
      app,
      kind,
      authorization,
      { loads: LOADS, warmUp: 5 },
      (res, i) => {
        if (res.statusCode !== 200) {
          failures += 1;
          if (failures < 3) console.error(kind.name, res.statusCode, res.body.slice(0, 300));
          return undefined;
        }
        if (i > 0) return undefined;
        const page = productDocumentPageSchema.parse(res.json());
        const counted = page.facets.filter((f) => f.values.length > 0).length;
        return `${page.total}${page.windowed ? ' (window)' : ''}, ${counted}/9 facets`;
      },
    );
    results.push(timed);
  }
  return { results, failures };
}

async function main(): Promise<void> {
  const { db, env, label, dispose, reused } = await openScratchDb('docs');
  const apps: FastifyInstance[] = [];
  let failures = 0;
  try {
    const t = performance.now();
    if (!reused) {
      await db.exec('truncate product_document_texts, product_documents');
      const productIds = ['p-erp', ...demoProducts.map((p) => p.id).filter((id) => id !== 'p-erp')];
      await insertGeneratedDocuments(db, productIds.slice(0, PRODUCTS), Math.ceil(ROWS / PRODUCTS));
    }
    const filled = performance.now();
    // Short texts keep the fill quick; the words are those of the demo library. One document
    // in 5000 mentions Reykjavik (the rare term); zeppelin occurs nowhere.
    if (!reused)
      await db.exec(/* sql */ `
      insert into product_document_texts
        (document_id, product_id, published_on, title, summary, content, search)
      select id, product_id, published_on, title, summary, '<p>' || summary || '</p>',
             setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', summary), 'B')
        from (
          select d.id, d.product_id, d.published_on,
                 (array['Configuring','Getting started with','Troubleshooting','Automating','Reporting on','Securing','Migrating','Reconciling','Approving','Integrating','Auditing'])[1 + (d.id * 7) % 11]
                   || ' module ' || d.module || ': ' ||
                 (array['vendor invoices','bank statements','cost centres','purchase orders','timesheets','fixed assets','budgets','VAT returns','expense claims','payment runs','currency revaluation','approval flows','user roles','data imports','period closing','credit notes','salary slips'])[1 + (d.id * 3 + d.id / 11) % 17],
                 'Release ' || d.release || ' guide for the ' || d.process || ' process'
                   || case when d.id % 5000 = 0 then ', as used in Reykjavik.' else '.' end
            from product_documents d
           order by d.product_id, d.published_on, d.id
        ) g (id, product_id, published_on, title, summary)`);
    for (const table of [
      'product_documents',
      'product_document_texts',
      'product_document_facet_counts',
    ]) {
      await db.exec(`vacuum analyze ${table}`);
    }
    console.log(
      reused
        ? `reused the kept documents (vacuum analyze ${((performance.now() - t) / 1000).toFixed(1)} s)`
        : `filled ${ROWS} documents over ${PRODUCTS} product(s) in ${((performance.now() - t) / 1000).toFixed(1)} s (facets ${((filled - t) / 1000).toFixed(1)} s)`,
    );

    // The same rows, the same run: read caches off (every answer from SQL, as before the
    // bitmaps), then on with ERP's bitmaps built (ADR 0055 addendum).
    const loadBefore = loadavg()[0] ?? 0;
    const runs: { mode: string; results: Awaited<ReturnType<typeof measure>>['results'] }[] = [];
    for (const readCache of [false, true]) {
      const app = await buildApp({ env: { ...env, READ_CACHE: readCache }, db, ready: true });
      apps.push(app);
      await app.ready();
      let mode = 'READ_CACHE=0 (SQL only)';
      if (readCache) {
        const deadline = Date.now() + 10_000;
        while (!app.readCaches.serving() && Date.now() < deadline)
          await new Promise((resolve) => setTimeout(resolve, 20));
        const b = performance.now();
        await app.readCaches.documentFacets.build('p-erp');
        mode = `READ_CACHE=1 (bitmaps of ${Math.ceil(ROWS / PRODUCTS)} documents built in ${(performance.now() - b).toFixed(0)} ms)`;
        if (app.readCaches.documentFacets.size !== 1) throw new Error('bitmaps not built');
      }
      const authorization = `Bearer ${await bearerFor(app, demoUsers.anna.email)}`;
      const measured = await measure(app, authorization);
      failures += measured.failures;
      runs.push({ mode, results: measured.results });
    }
    console.log(
      `\n${LOADS} requests per kind, one at a time (app.inject: routing, token check, access check, SQL, JSON), as anna on ERP:`,
    );
    for (const { mode, results } of runs) {
      console.log(`\n${mode}`);
      console.log(
        '| kind                  | total, facets with values     |  p50 ms |  p99 ms |  max ms |',
      );
      console.log(
        '|-----------------------|-------------------------------|--------:|--------:|--------:|',
      );
      for (const r of results) {
        console.log(
          `| ${r.name.padEnd(21)} | ${r.total.padEnd(29)} | ${r.p50.toFixed(1).padStart(7)} | ${r.p99.toFixed(1).padStart(7)} | ${r.max.toFixed(1).padStart(7)} |`,
        );
      }
    }
    console.log(
      `\n${label}, ${ROWS} documents (${Math.ceil(ROWS / PRODUCTS)} in ERP), ${availableParallelism()} cores; load average ${loadBefore.toFixed(1)} before, ${(loadavg()[0] ?? 0).toFixed(1)} after`,
    );
    if (failures > 0) console.error(`${failures} request(s) failed`);
  } finally {
    for (const app of apps) await app.close();
    await dispose({ keep: process.env.BENCH_KEEP === '1' });
  }
  if (failures > 0) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
