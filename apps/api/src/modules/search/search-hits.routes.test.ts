import {
  problemSchema,
  searchHitSourceSchema,
  searchHitsSchema,
  type SearchHits,
} from '@portico/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { ctesRun } from '../../../test/plan-ctes.js';
import { insertSearchableDocument } from '../../../test/search-rows.js';
import { appPerSuite, bearersBeforeAll } from '../../../test/suite-app.js';
import type { TestApp } from '../../../test/test-app.js';
import { routeDatabaseKinds } from '../../../test/test-db.js';
import { demoAccounts } from '../../seed/accounts.js';
import { demoProducts } from '../../seed/products.js';
import { insertNews } from '../news/news.repository.js';
import { bareWords, correctQuery } from './search-correction.js';
import { MATCH_END, MATCH_START, SOURCES } from './search-hit-sources.repository.js';
import { findHits, hitsStatement, type HitPlan } from './search-hits.repository.js';

const erp = demoProducts[0];
// Words no seeded row contains, so the hits below are the rows inserted here.
const WORD = 'quokka';

async function insertOwnRows(t: Pick<TestApp, 'db'>): Promise<void> {
  const [bodyOnly, titled, excluded] = await insertNews(t.db, [
    {
      title: 'A newer item about marsupials',
      publicationDate: Date.UTC(2024, 5, 1),
      content: `<p>Fish &amp; chips, and a ${WORD} in the text only.</p>`,
    },
    {
      title: `The ${WORD} report`,
      publicationDate: Date.UTC(2020, 0, 1),
      content: '<p>About the animal.</p>',
    },
    {
      title: `A ${WORD} draft <b>marked</b>`,
      publicationDate: Date.UTC(2019, 0, 1),
      content: '<p>Not ready.</p>',
    },
  ]);
  expect([bodyOnly, titled, excluded]).toHaveLength(3);
  await t.db.query('insert into news_products (news_id, product_id) values ($1, $2)', [
    titled,
    erp.id,
  ]);
  await insertSearchableDocument(t.db, erp.id, `The ${WORD} documentation page`);
  await t.db.query(
    `insert into product_content (product_id, kind, title, body) values ($1, 'software', $2, 'x')`,
    [erp.id, `The ${WORD} installer`],
  );
  await t.db.query(
    `insert into knowledge_articles (number, account_id, title, body) values
       ('KBQ1', null, $1, 'For everyone'), ('KBQ2', $2, $1, 'Northwind only'),
       ('KBQ3', $3, $1, 'Portico only')`,
    [`Why the ${WORD} article`, demoAccounts.northwind.id, demoAccounts.portico.id],
  );
  await t.db.query(
    `insert into support_cases (number, account_id, title, status)
       values ('QK1', $1, $3, 'In progress'), ('QK2', $2, $3, 'New')`,
    [demoAccounts.northwind.id, demoAccounts.portico.id, `The ${WORD} case`],
  );
  await t.db.query(`insert into service_catalog_items (title) values ($1)`, [`Order a ${WORD}`]);
}

const textOf = (segments: { text: string }[]) => segments.map((s) => s.text).join('');
const matchesOf = (segments: { text: string; match: boolean }[]) =>
  segments.filter((s) => s.match).map((s) => s.text.toLowerCase());

describe.each(routeDatabaseKinds())('GET /api/search/hits over %s', (kind) => {
  const t = appPerSuite(kind);
  const auth = bearersBeforeAll(t, 'anna', 'paul', 'erik', 'nina');

  beforeAll(async () => {
    await insertOwnRows(t);
  });

  const hits = async (
    params: Record<string, string>,
    who: keyof typeof auth = 'anna',
  ): Promise<SearchHits> => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/search/hits?${new URLSearchParams(params).toString()}`,
      headers: { authorization: auth[who] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    return searchHitsSchema.parse(res.json());
  };
  const titlesOf = (answer: SearchHits, source: string) =>
    answer.sources.find((s) => s.source === source)?.hits.map((h) => textOf(h.title));

  it('answers every source anna may see, in the cards’ order, with marked titles', async () => {
    const answer = await hits({ query: WORD, productId: erp.contentId });
    expect(answer.correction).toBeNull();
    // Every source of the contract, in its order (the cards' order, §2).
    expect(answer.sources.map((s) => s.source)).toEqual(searchHitSourceSchema.options);
    // Her account's case and articles (and the shared one), never another account's.
    expect(titlesOf(answer, 'cases')).toEqual([`The ${WORD} case`]);
    const articles = answer.sources.find((s) => s.source === 'knowledgeArticles')?.hits ?? [];
    expect(articles.map((h) => h.type).sort()).toEqual(['KBQ1', 'KBQ2']);
    expect(articles[0]?.href).toMatch(/^https:\/\/support\.portico\.test\/knowledge\?query=KBQ/);
    const doc = answer.sources.find((s) => s.source === 'productDocumentation')?.hits[0];
    expect(doc?.href).toMatch(
      new RegExp(`^/my-solutions/${erp.slug}/${erp.contentId}/documentation/\\d+$`),
    );
    expect(doc?.date).toBe('2024-01-01');
    expect(matchesOf(doc?.title ?? [])).toEqual([WORD]);
    const productNews = answer.sources.find((s) => s.source === 'productNews')?.hits[0];
    expect(productNews?.href).toMatch(
      new RegExp(
        `^/my-solutions/${erp.slug}/${erp.contentId}/news/news-item/the-quokka-report/\\d+$`,
      ),
    );
    const ownCase = answer.sources.find((s) => s.source === 'cases')?.hits[0];
    expect(ownCase?.href).toBe('/services/track-case/QK1');
    // The stored "In progress" goes out as a code, for the page to show in its language.
    expect(ownCase).toMatchObject({ status: 'in-progress', type: null });
  });

  /** Every source of the plan, scoped as anna's call scopes them. */
  const everySource = () =>
    [
      { source: 'knowledgeArticles', scope: demoAccounts.northwind.id },
      { source: 'productDocumentation', scope: erp.id },
      { source: 'cases', scope: demoAccounts.northwind.id },
      { source: 'serviceCatalog' },
      { source: 'productSoftwareDownloads', scope: erp.id },
      { source: 'productNews', scope: erp.id },
      { source: 'news' },
    ] as const;

  it('finds the same hits by the newest rows and by the index', async () => {
    const sources = everySource();
    const walked = await findHits(t.db, sources, WORD, { rareByIndex: false });
    // No newest rows to look through: every source asks its index.
    const indexed = await findHits(t.db, sources, WORD, { walkRows: 0 });
    expect(indexed).toEqual(walked);
    expect(walked.filter((r) => r.found > 0)).toHaveLength(sources.length);
  });

  it('finds the same hits when a query too rare for the newest rows asks the index at once', async () => {
    const sources = everySource();
    // Statistics as ANALYZE keeps them, and one word common enough to be walked for.
    await t.db.query(
      'analyze news, product_document_texts, product_content, knowledge_articles, support_cases, service_catalog_items',
    );
    const { rows } = await t.db.query<{ word: string }>(
      `select u.e as word
         from pg_stats p, unnest(p.most_common_elems::text::text[], p.most_common_elem_freqs) u(e, f)
        where p.schemaname = current_schema() and p.attname = 'search' and u.f >= 0.05
        order by u.f desc, u.e limit 1`,
    );
    const common = rows[0]?.word;
    expect(common, 'a common word in some source').toBeDefined();
    // Rare, misspelt (in no item), common; two words with a rare one, a misspelt pair, a
    // phrase (each asks the index at once, ADR 0066 session 33); a common word beside a
    // negated or an OR-ed rare one (they walk first).
    for (const query of [
      WORD,
      'invoise',
      common!,
      `${WORD} report`,
      'invoise complience',
      `"${WORD} report"`,
      `${common!} -${WORD}`,
      `${common!} or ${WORD}`,
    ]) {
      const chosen = await findHits(t.db, sources, query);
      const walked = await findHits(t.db, sources, query, { rareByIndex: false });
      const indexed = await findHits(t.db, sources, query, { walkRows: 0 });
      expect({ query, hits: chosen }).toEqual({ query, hits: walked });
      expect({ query, hits: chosen }).toEqual({ query, hits: indexed });
    }
    expect((await findHits(t.db, sources, WORD)).filter((r) => r.found > 0)).toHaveLength(
      sources.length,
    );
  });

  it('asks the index at once for several common words its first matches show are seldom together', async () => {
    const sources = everySource();
    await t.db.query(
      'analyze news, product_document_texts, product_content, knowledge_articles, support_cases, service_catalog_items',
    );
    // Two words ANALYZE counts common in a source's table, so neither is rare there.
    const tableOf = (i: number) => {
      const s = SOURCES[sources[i]!.source];
      return (s.indexed?.from ?? s.from).split(' ')[0]!;
    };
    const { rows } = await t.db.query<{ tbl: string; a: string; b: string }>(
      `select p.tablename::text as tbl, x.e as a, y.e as b
         from pg_stats p,
              unnest(p.most_common_elems::text::text[], p.most_common_elem_freqs) x(e, f),
              unnest(p.most_common_elems::text::text[], p.most_common_elem_freqs) y(e, f)
        where p.schemaname = current_schema() and p.attname = 'search'
          and x.f >= 0.05 and y.f >= 0.05 and x.e < y.e and p.tablename = any($1::name[])
        order by x.f + y.f desc, 1, 2, 3 limit 1`,
      [sources.map((_, i) => tableOf(i))],
    );
    const pair = rows[0];
    expect(pair, 'two common words in one table').toBeDefined();
    const at = sources.findIndex((_, i) => tableOf(i) === pair!.tbl);
    const query = `${pair!.a} ${pair!.b}`;
    const ctesRunFor = (plan: HitPlan) => ctesRun(t.db, hitsStatement(sources, query, plan));
    // The index's first matches are few: the walk through the newest rows is never run.
    const probed = await ctesRunFor({});
    expect(probed.get(`few${at}`), 'the probe ran').toBe(1);
    expect(probed.get(`walk${at}`), 'the walk did not').toBe(0);
    // Without the probe the same source walks its newest rows.
    expect((await ctesRunFor({ probeRows: 0 })).get(`walk${at}`)).toBe(1);
    // And the hits are the same every way.
    const chosen = await findHits(t.db, sources, query);
    expect(await findHits(t.db, sources, query, { probeRows: 0 })).toEqual(chosen);
    expect(await findHits(t.db, sources, query, { walkRows: 0 })).toEqual(chosen);
  });

  it.skipIf(kind !== 'postgres')(
    'keeps the hits statement prepared, planned once for every query (a generic plan)',
    async () => {
      const sources = everySource();
      const queries = [WORD, 'invoice automation', '"cloud migration"', 'payroll -compliance'];
      await t.db.transaction(async (tx) => {
        // One connection: after five custom plans PostgreSQL compares them with a generic one.
        for (let r = 0; r < 8; r++) await findHits(tx, sources, queries[r % queries.length]!);
        const { rows } = await tx.query<{ generic: string }>(
          'select generic_plans::text as generic from pg_prepared_statements where statement = $1',
          [hitsStatement(sources, WORD).text],
        );
        expect(Number(rows[0]?.generic ?? 0)).toBeGreaterThan(0);
      });
    },
  );

  it("finds the same hits for a phrase by the side-by-side words' index as by its words' index", async () => {
    const sources = everySource();
    // In order (news, documents), in the other order (no item), three words, a stop word inside (no pairs: the
    // words' index), and one word (no phrase). walkRows 0: every source asks its index.
    const queries = [
      `"${WORD} report"`,
      `"${WORD} documentation"`,
      `"report ${WORD}"`,
      `"the ${WORD} report"`,
      `"report of the ${WORD}"`,
      WORD,
    ];
    const found: number[] = [];
    for (const query of queries) {
      const byPairs = await findHits(t.db, sources, query, { walkRows: 0 });
      const byWords = await findHits(t.db, sources, query, { walkRows: 0, pairs: false });
      expect({ query, hits: byPairs }).toEqual({ query, hits: byWords });
      found.push(byPairs.reduce((sum, r) => sum + r.found, 0));
    }
    expect(found[0], 'the phrase is found').toBeGreaterThan(0);
    expect(found[1], "the documents' phrase is found").toBeGreaterThan(0);
    expect(found[2], 'the other order is not').toBe(0);
  });

  it('finds the same news hits for words joined by AND by their postings as by the rows', async () => {
    // Words and phrases joined by AND, some negated, read the postings (one word alone or
    // around stop words too); OR and a negated phrase never do. Both ways must give the same
    // window, ranking and texts.
    const posted = [
      WORD,
      'invoice',
      'cloud',
      'the invoices',
      'cloud cloud',
      `${WORD} report`,
      `${WORD} -report`,
      `-report ${WORD}`,
      `"the ${WORD} report"`,
      `"report ${WORD}"`,
      `${WORD} -${WORD}`,
    ];
    const empty = new Set([`"report ${WORD}"`, `${WORD} -${WORD}`]);
    const notPosted = [`${WORD} OR report`, `${WORD} -"animal report"`];
    const news = [{ source: 'news' as const }];
    for (const query of [...posted, ...notPosted]) {
      const [byPostings] = await findHits(t.db, news, query);
      const [byRows] = await findHits(t.db, news, query, { postings: false });
      expect({ query, hits: byPostings }).toEqual({ query, hits: byRows });
      expect({ query, found: byPostings!.found > 0 }).toEqual({ query, found: !empty.has(query) });
      // The postings answer: neither the walk through the newest rows nor the index is read.
      const ran = await ctesRun(t.db, hitsStatement(news, query));
      const rowsRead = (ran.get('walk0') ?? 0) + (ran.get('m0') ?? 0);
      expect({ query, byPostings: rowsRead === 0 }).toEqual({
        query,
        byPostings: posted.includes(query),
      });
    }
  });

  it("finds the same hits in a product's news by the postings as by the product's items", async () => {
    // A product's news from the postings, each posting's link to the product probed
    // (productPostings): words joined by AND, some negated, never a phrase, OR or a negated
    // phrase. Forced here: the few rows of the test leave the choice to ANALYZE's counts.
    const posted = [WORD, `${WORD} report`, `${WORD} -draft`, `-draft ${WORD}`, `${WORD} -${WORD}`];
    const notPosted = [`"${WORD} report"`, `${WORD} OR report`, `${WORD} -"animal report"`];
    const productNews = [{ source: 'productNews' as const, scope: erp.id }];
    for (const query of [...posted, ...notPosted]) {
      const [byPostings] = await findHits(t.db, productNews, query, { productPostings: 'always' });
      const [byItems] = await findHits(t.db, productNews, query, { productPostings: 'never' });
      const [chosen] = await findHits(t.db, productNews, query);
      expect({ query, hits: byPostings }).toEqual({ query, hits: byItems });
      expect({ query, hits: chosen }).toEqual({ query, hits: byItems });
      const ran = await ctesRun(
        t.db,
        hitsStatement(productNews, query, { productPostings: 'always' }),
      );
      const rowsRead = (ran.get('walk0') ?? 0) + (ran.get('m0') ?? 0);
      expect({ query, byPostings: rowsRead === 0 }).toEqual({
        query,
        byPostings: posted.includes(query),
      });
    }
    // The word's newest posting is of an item of no product: when the postings read stop
    // there, they hold too few of the product's matches, and the index answers.
    const shortScan: HitPlan = { productPostings: 'always', linkedScan: 1 };
    const [fellShort] = await findHits(t.db, productNews, WORD, shortScan);
    expect(fellShort).toEqual(
      (await findHits(t.db, productNews, WORD, { productPostings: 'never' }))[0],
    );
    const ran = await ctesRun(t.db, hitsStatement(productNews, WORD, shortScan));
    expect(ran.get('m0') ?? 0, 'the index answers').toBeGreaterThan(0);
    // Only the report is linked to the product: the item naming the word in its text is not.
    const [one] = await findHits(t.db, productNews, WORD, { productPostings: 'always' });
    expect(
      one?.rows.map((r) => r.title.replaceAll(MATCH_START, '').replaceAll(MATCH_END, '')),
    ).toEqual([`The ${WORD} report`]);
  });

  it("tells a title hit from the title's own vector as from the A weight of the whole item's", async () => {
    // The ranking reads a title hit from title_search (migration 037); it must be what a cover
    // of the query in the title's part of `search` (weight A) is, for every shape of query.
    const queries = [
      WORD,
      `${WORD} report`,
      `"${WORD} report"`,
      `"report ${WORD}"`,
      `${WORD} -draft`,
      `${WORD} OR marsupials`,
      `${WORD} -"animal report"`,
      'the invoices',
    ];
    const tables = new Set(Object.values(SOURCES).map((s) => s.from.split(' ')[0]));
    for (const table of tables) {
      for (const query of queries) {
        const { rows } = await t.db.query<{ n: number | string; differ: number | string }>(
          `select count(*) as n,
                  count(*) filter (where (ts_rank_cd('{0,0,0,1}', t.search, q) > 0)
                                      <> (t.title_search @@ q)) as differ
             from ${table} t, websearch_to_tsquery('english', $1) q where t.search @@ q`,
          [query],
        );
        expect({ table, query, differ: Number(rows[0]?.differ) }).toEqual({
          table,
          query,
          differ: 0,
        });
      }
    }
    // The rows above hold title hits and body-only matches in news.
    const { rows } = await t.db.query<{ titles: number | string; bodies: number | string }>(
      `select count(*) filter (where title_search @@ q) as titles,
              count(*) filter (where not title_search @@ q) as bodies
         from news, websearch_to_tsquery('english', $1) q where search @@ q`,
      [WORD],
    );
    expect(Number(rows[0]?.titles)).toBeGreaterThan(0);
    expect(Number(rows[0]?.bodies)).toBeGreaterThan(0);
  });

  it('ranks title matches first, and keeps a title’s markup as text', async () => {
    const answer = await hits({ query: WORD });
    const news = answer.sources.find((s) => s.source === 'news')?.hits ?? [];
    // The newest item names the word in its text only: it comes after the two titles.
    expect(news.map((h) => textOf(h.title))).toEqual([
      `The ${WORD} report`,
      `A ${WORD} draft <b>marked</b>`,
      'A newer item about marsupials',
    ]);
    expect(news[0]?.date).toBe('2020-01-01T00:00:00Z');
    expect(news[0]?.href).toMatch(/^\/news\/news-item\/the-quokka-report\/\d+$/);
    // The snippet is the body's text: tags gone, entities decoded, the match marked.
    const snippet = news[2]?.snippet ?? [];
    expect(textOf(snippet), JSON.stringify(snippet)).toContain(
      `Fish & chips, and a ${WORD} in the text only`,
    );
    expect(textOf(snippet)).not.toContain('<p>');
    expect(matchesOf(snippet)).toEqual([WORD]);
  });

  it('accepts the news search syntax: phrases, -word and OR', async () => {
    const phrase = await hits({ query: `"${WORD} report"` });
    expect(titlesOf(phrase, 'news')).toEqual([`The ${WORD} report`]);
    const without = await hits({ query: `${WORD} -draft -marsupials` });
    expect(titlesOf(without, 'news')).toEqual([`The ${WORD} report`]);
    const either = await hits({ query: 'marsupials OR draft' });
    expect(titlesOf(either, 'news')?.sort()).toEqual([
      'A newer item about marsupials',
      `A ${WORD} draft <b>marked</b>`,
    ]);
  });

  it('keeps the gates of §2 and §6 per demo user', async () => {
    // Paul: no SUPPORT_SERVICE_NOW, not connected to ERP: general news only.
    const paul = await hits({ query: WORD, productId: erp.contentId }, 'paul');
    expect(paul.sources.map((s) => s.source)).toEqual(['news']);
    // Nina: news only too.
    const nina = await hits({ query: WORD, productId: erp.contentId }, 'nina');
    expect(nina.sources.map((s) => s.source)).toEqual(['news']);
    // Erik: a vendor employee of the Portico account reaches every product.
    const erik = await hits({ query: WORD, productId: erp.contentId }, 'erik');
    expect(erik.sources).toHaveLength(7);
    expect(titlesOf(erik, 'cases')).toEqual([`The ${WORD} case`]);
    const erikArticles = erik.sources.find((s) => s.source === 'knowledgeArticles')?.hits ?? [];
    expect(erikArticles.map((h) => h.type).sort()).toEqual(['KBQ1', 'KBQ3']);
  });

  it('finds a misspelt word, and offers a correction that finds far more', async () => {
    // "invoise" is in no text: the hits are those of "invoice", said so.
    const misspelt = await hits({ query: 'invoise' });
    expect(misspelt.correction).toEqual({ query: 'invoice', applied: true });
    expect(misspelt.query).toBe('invoice');
    const news = misspelt.sources.find((s) => s.source === 'news')?.hits ?? [];
    expect(news.length).toBeGreaterThan(0);
    expect(matchesOf(news[0]?.title ?? [])).toContain('invoice');

    // One item has the typo: the query finds it, and "invoice" is offered as finding more.
    await insertNews(t.db, [
      { title: 'An invoise typo', publicationDate: Date.UTC(2018, 0, 1), content: '<p>x</p>' },
    ]);
    const offered = await hits({ query: 'invoise' });
    expect(offered.correction).toEqual({ query: 'invoice', applied: false });
    expect(titlesOf(offered, 'news')).toEqual(['An invoise typo']);
    // A word the titles know is left alone, and so are phrases and excluded words.
    expect((await hits({ query: WORD })).correction).toBeNull();
    expect((await hits({ query: '"invoyse" -invoyce' })).correction).toBeNull();
    // Another form of a word in far more titles finds the same items: nothing to offer.
    await insertNews(t.db, [
      ...Array.from({ length: 12 }, (_, i) => ({
        title: `A wombat census ${i}`,
        publicationDate: Date.UTC(2018, 0, 2),
        content: '<p>x</p>',
      })),
      { title: 'Two wombats', publicationDate: Date.UTC(2018, 0, 3), content: '<p>x</p>' },
    ]);
    expect((await hits({ query: 'wombats' })).correction).toBeNull();
    // … and no second search is run for it.
    expect(await correctQuery(t.db, 'wombats')).toBeNull();
    expect(await correctQuery(t.db, 'wombatz')).toBe('wombat');
  });

  it('refuses what is not a search: 400 without a query, 404 for an unknown product', async () => {
    const empty = await t.app.inject({
      method: 'GET',
      url: '/api/search/hits?query=',
      headers: { authorization: auth.anna },
    });
    expect(empty.statusCode).toBe(400);
    expect(problemSchema.parse(empty.json()).detail).toContain('query');
    const unknown = await t.app.inject({
      method: 'GET',
      url: `/api/search/hits?query=${WORD}&productId=nope`,
      headers: { authorization: auth.anna },
    });
    expect(unknown.statusCode).toBe(404);
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/search/hits?query=${WORD}` });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('bareWords', () => {
  it('finds the words a correction may replace, not phrases, exclusions or OR', () => {
    expect(bareWords('invoise "exact frase" -exclud OR ledgr, a1b').map((w) => w.word)).toEqual([
      'invoise',
      'ledgr',
    ]);
    const query = 'x invoise';
    const [word] = bareWords(query);
    expect(query.slice(word?.start, word?.end)).toBe('invoise');
  });
});
