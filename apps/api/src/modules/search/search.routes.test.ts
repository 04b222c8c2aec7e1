import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  problemSchema,
  combinedSearchCountsSchema,
  communitySearchCountSchema,
  productSearchCountsSchema,
  SEARCH_COUNT_LIMIT,
  supportSearchCountsSchema,
  universitySearchCountSchema,
} from '@portico/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSearchableDocument } from '../../../test/search-rows.js';
import { appPerSuite, bearersBeforeAll } from '../../../test/suite-app.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { routeDatabaseKind, routeDatabaseKinds } from '../../../test/test-db.js';
import { bearerFor } from '../../../test/tokens.js';
import { demoAccounts } from '../../seed/accounts.js';
import { demoProducts } from '../../seed/products.js';
import { demoUsers } from '../../seed/users.js';
import { insertNews } from '../news/news.repository.js';
import { expectProblems } from '../../../test/expect-problems.js';

const erp = demoProducts[0];
const erpx = demoProducts[1];
// A word no seeded row contains, so the counts below are exactly the rows inserted here.
const WORD = 'quokka';

async function insertOwnRows(t: Pick<TestApp, 'db'>): Promise<void> {
  // Downloads from the search source table; documentation and product news from what the
  // My Solutions tabs list (the product's documents; news items linked to the product).
  await t.db.query(
    `insert into product_content (product_id, kind, title, body) values ($1, 'software', $2, 'x')`,
    [erp.id, `The ${WORD} software page`],
  );
  const documents = [
    ...Array.from({ length: 2 }, () => erp.id),
    ...Array.from({ length: 5 }, () => erpx.id),
  ];
  for (const productId of documents) {
    await insertSearchableDocument(t.db, productId, `The ${WORD} documentation page`);
  }
  // Product news is news too: these three also count in the general news below.
  const productNewsIds = await insertNews(
    t.db,
    Array.from({ length: 3 }, (_, i) => ({
      title: `The ${WORD} product news ${i}`,
      publicationDate: Date.UTC(2003, 0, 1 + i),
      content: '<p>x</p>',
    })),
  );
  for (const id of productNewsIds) {
    await t.db.query('insert into news_products (news_id, product_id) values ($1, $2)', [
      id,
      erp.id,
    ]);
  }
  for (let i = 0; i < 4; i++) {
    await t.db.query(`insert into community_posts (title, author) values ($1, 'Test')`, [
      `A ${WORD} question ${i}`,
    ]);
  }
  const articles: (string | null)[] = [null, demoAccounts.northwind.id, demoAccounts.northwind.id];
  articles.push(demoAccounts.portico.id, demoAccounts.portico.id, demoAccounts.portico.id);
  for (const [i, accountId] of articles.entries()) {
    await t.db.query(
      `insert into knowledge_articles (number, account_id, title) values ($1, $2, $3)`,
      [`KBQ${i}`, accountId, `Why the ${WORD} article ${i}`],
    );
  }
  const cases: string[] = [demoAccounts.northwind.id, demoAccounts.northwind.id];
  cases.push(...Array.from({ length: 5 }, () => demoAccounts.portico.id));
  for (const [i, accountId] of cases.entries()) {
    await t.db.query(`insert into support_cases (number, account_id, title) values ($1, $2, $3)`, [
      `QK${i}`,
      accountId,
      `The ${WORD} case ${i}`,
    ]);
  }
  await t.db.query(`insert into service_catalog_items (title) values ($1)`, [`Order a ${WORD}`]);
  for (let i = 0; i < 2; i++) {
    await t.db.query(`insert into university_courses (title) values ($1)`, [`${WORD} course ${i}`]);
  }
  await insertNews(t.db, [
    { title: `The ${WORD} report`, publicationDate: Date.UTC(2003, 1, 1), content: '<p>x</p>' },
    { title: `Another ${WORD}`, publicationDate: Date.UTC(2003, 1, 2), content: '<p>y</p>' },
  ]);
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

async function stop(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

/** A port on 127.0.0.1 that nothing listens on (taken, then released). */
async function closedPort(): Promise<number> {
  const server = createServer();
  const port = await listen(server);
  await stop(server);
  return port;
}

describe.each(routeDatabaseKinds())('search count endpoints over %s', (kind) => {
  const t = appPerSuite(kind);
  const auth = bearersBeforeAll(t, 'anna', 'paul', 'erik', 'nina');

  beforeAll(async () => {
    await insertOwnRows(t);
  });

  const get = (url: string, authorization: string | null = auth.anna) =>
    t.app.inject({ method: 'GET', url, headers: authorization ? { authorization } : {} });
  const q = (params: Record<string, string>) => new URLSearchParams(params).toString();

  describe('GET /api/search/count', () => {
    it('counts one product’s documentation, downloads and news', async () => {
      const res = await get(`/api/search/count?${q({ productId: erp.contentId, query: WORD })}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(productSearchCountsSchema.parse(res.json())).toEqual({
        productDocumentation: 2,
        productSoftwareDownloads: 1,
        productNews: 3,
      });
      const other = await get(`/api/search/count?${q({ productId: erpx.contentId, query: WORD })}`);
      expect(other.json()).toEqual({
        productDocumentation: 5,
        productSoftwareDownloads: 0,
        productNews: 0,
      });
    });

    it('answers zeros for a word nothing contains, 404 for an unknown product', async () => {
      const none = await get(
        `/api/search/count?${q({ productId: erp.contentId, query: 'zebra' })}`,
      );
      expect(none.json()).toEqual({
        productDocumentation: 0,
        productSoftwareDownloads: 0,
        productNews: 0,
      });
      const unknown = await get(`/api/search/count?${q({ productId: 'nope', query: WORD })}`);
      expect(unknown.statusCode).toBe(404);
      expect(problemSchema.parse(unknown.json()).detail).toContain('nope');
    });
  });

  it('GET /api/communities/search/count answers the count and the community search address', async () => {
    const res = await get(`/api/communities/search/count?${q({ query: `${WORD} & question` })}`);
    expect(res.statusCode).toBe(200);
    expect(communitySearchCountSchema.parse(res.json())).toEqual({
      count: 4,
      url: 'https://community.portico.test/search?query=quokka+%26+question',
    });
  });

  it('stops counting at SEARCH_COUNT_LIMIT matches', async () => {
    await t.db.query(
      `insert into community_posts (title, author)
       select 'Wombat thread ' || g, 'Test' from generate_series(1, $1::int) g`,
      [SEARCH_COUNT_LIMIT + 5],
    );
    const res = await get(`/api/communities/search/count?query=wombat`);
    expect(communitySearchCountSchema.parse(res.json()).count).toBe(SEARCH_COUNT_LIMIT);
  });

  it('GET /api/university/search/count answers the count and the learning platform address', async () => {
    const res = await get(`/api/university/search/count?${q({ query: WORD })}`);
    expect(res.statusCode).toBe(200);
    expect(universitySearchCountSchema.parse(res.json())).toEqual({
      count: 2,
      url: 'https://learning.portico.test/search?query=quokka',
    });
  });

  describe('GET /api/support/count (§6 SUPPORT_SERVICE_NOW)', () => {
    it('counts the caller’s own account’s cases and articles, and the whole catalogue', async () => {
      const res = await get(`/api/support/count?${q({ userId: demoUsers.anna.id, query: WORD })}`);
      expect(res.statusCode).toBe(200);
      expect(supportSearchCountsSchema.parse(res.json())).toEqual({
        casesCount: 2,
        serviceCatalogCount: 1,
        // one for every account, two for Northwind; none of the vendor's own three
        knowledgeArticlesCount: 3,
        casesUrl: 'https://support.portico.test/cases?query=quokka',
        serviceCatalogUrl: 'https://support.portico.test/catalog?query=quokka',
        knowledgeArticlesUrl: 'https://support.portico.test/knowledge?query=quokka',
      });
      const erik = await get(
        `/api/support/count?${q({ userId: demoUsers.erik.id, query: WORD })}`,
        auth.erik,
      );
      expect(erik.json()).toMatchObject({
        casesCount: 5,
        serviceCatalogCount: 1,
        knowledgeArticlesCount: 4,
      });
    });

    it('refuses users without SUPPORT_SERVICE_NOW and anyone else’s userId with 403 JSON', async () => {
      const cases = [
        [auth.paul, demoUsers.paul.id],
        [auth.nina, demoUsers.nina.id],
        [auth.anna, demoUsers.erik.id],
        [auth.erik, demoUsers.anna.id],
      ] as const;
      for (const [authorization, userId] of cases) {
        const res = await get(`/api/support/count?${q({ userId, query: WORD })}`, authorization);
        expect(res.statusCode, userId).toBe(403);
        expect(problemSchema.parse(res.json()).status).toBe(403);
        expect(res.body).not.toContain('casesCount');
      }
    });
  });

  it('GET /api/search/combined-count answers product, community and news counts', async () => {
    const res = await get(
      `/api/search/combined-count?${q({ productId: erp.contentId, query: WORD })}`,
    );
    expect(res.statusCode).toBe(200);
    expect(combinedSearchCountsSchema.parse(res.json())).toEqual({
      productDocumentation: 2,
      productSoftwareDownloads: 1,
      productNews: 3,
      communitySearch: { count: 4, url: 'https://community.portico.test/search?query=quokka' },
      news: 5,
      errors: [],
    });
    const unknown = await get(`/api/search/combined-count?${q({ productId: 'x', query: WORD })}`);
    expect(unknown.statusCode).toBe(404);
  });

  it('the news count is the news list’s X-Total-Count for the same words', async () => {
    // One word is counted from its postings, any other search from the GIN index.
    const queries = [
      WORD,
      `${WORD} product`,
      `"${WORD} product news"`,
      `${WORD} -product`,
      'invoice',
      'invoice OR report',
      'zebra',
    ];
    for (const query of queries) {
      const combined = combinedSearchCountsSchema.parse(
        (await get(`/api/search/combined-count?${q({ productId: erp.contentId, query })}`)).json(),
      );
      const list = await get(`/api/news?${q({ query, page: '1', size: '1' })}`);
      expect(list.statusCode).toBe(200);
      expect({ query, news: combined.news }).toEqual({
        query,
        news: Number(list.headers['x-total-count']),
      });
    }
  });

  it('the demo data has results for "invoice" in every source for anna and none for "zebra"', async () => {
    const combined = combinedSearchCountsSchema.parse(
      (
        await get(`/api/search/combined-count?${q({ productId: erp.contentId, query: 'invoice' })}`)
      ).json(),
    );
    expect(combined.productDocumentation).toBeGreaterThan(0);
    expect(combined.productSoftwareDownloads).toBeGreaterThan(0);
    expect(combined.productNews).toBeGreaterThan(0);
    expect(combined.communitySearch?.count).toBeGreaterThan(0);
    expect(combined.news).toBeGreaterThan(0);
    const support = supportSearchCountsSchema.parse(
      (
        await get(`/api/support/count?${q({ userId: demoUsers.anna.id, query: 'invoice' })}`)
      ).json(),
    );
    expect(support.knowledgeArticlesCount).toBeGreaterThan(0);
    const university: unknown = (await get(`/api/university/search/count?query=invoice`)).json();
    expect(universitySearchCountSchema.parse(university).count).toBeGreaterThan(0);

    const nothing: unknown = (
      await get(`/api/search/combined-count?${q({ productId: erp.contentId, query: 'zebra' })}`)
    ).json();
    expect(nothing).toMatchObject({
      productDocumentation: 0,
      productSoftwareDownloads: 0,
      productNews: 0,
      communitySearch: { count: 0 },
      news: 0,
    });
    const noSupport: unknown = (await get(`/api/support/count?userId=u-anna&query=zebra`)).json();
    expect(noSupport).toMatchObject({
      casesCount: 0,
      serviceCatalogCount: 0,
      knowledgeArticlesCount: 0,
    });
  });

  it('the demo data has results for "report" in every source for anna, cases and catalogue too', async () => {
    const combined = combinedSearchCountsSchema.parse(
      (
        await get(`/api/search/combined-count?${q({ productId: erp.contentId, query: 'report' })}`)
      ).json(),
    );
    const support = supportSearchCountsSchema.parse(
      (await get(`/api/support/count?${q({ userId: demoUsers.anna.id, query: 'report' })}`)).json(),
    );
    const university = universitySearchCountSchema.parse(
      (await get('/api/university/search/count?query=report')).json(),
    );
    const counts = [
      combined.productDocumentation,
      combined.productSoftwareDownloads,
      combined.productNews,
      combined.communitySearch?.count,
      combined.news,
      support.casesCount,
      support.serviceCatalogCount,
      support.knowledgeArticlesCount,
      university.count,
    ];
    for (const count of counts) expect(count).toBeGreaterThan(0);
  });

  it('answers 400 JSON for bad parameters and 401 without a token', async () => {
    const long = 'a'.repeat(201);
    const bad = [
      '/api/search/count?productId=x',
      `/api/search/count?query=${WORD}`,
      `/api/search/count?productId=x&query=%20%20`,
      `/api/search/combined-count?productId=x&query=${long}`,
      '/api/communities/search/count',
      `/api/communities/search/count?query=a&query=b`,
      '/api/university/search/count?query=',
      `/api/support/count?query=${WORD}`,
      `/api/support/count?userId=u-anna&query=${long}`,
    ];
    await expectProblems(bad, 400, get);
    // A NUL cannot reach PostgreSQL (nor any other control character an external source).
    const controls = [
      `/api/search/count?productId=x&query=a%00b`,
      `/api/search/combined-count?productId=x&query=a%00b`,
      '/api/communities/search/count?query=a%00b',
      '/api/university/search/count?query=a%07b',
      '/api/support/count?userId=u-anna&query=a%00b',
    ];
    for (const { url, problem } of await expectProblems(controls, 400, get))
      expect(problem.detail, url).toBe('query must not contain control characters');
    expect((await get(`/api/search/count?productId=x&query=${'a'.repeat(200)}`)).statusCode).toBe(
      404,
    );
    const anonymous = await get(`/api/university/search/count?query=${WORD}`, null);
    expect(anonymous.statusCode).toBe(401);
  });
});

describe.each(routeDatabaseKinds())('search sources over HTTP, over %s', (kind) => {
  const TIMEOUT_MS = 300;
  let t: TestApp;
  let authorization: string;
  let silent: Server;
  let answering: Server;
  const seen: string[] = [];

  beforeAll(async () => {
    // Never answers: only the connector's time-out ends the call.
    silent = createServer(() => undefined);
    // Answers like an external count service; records what it was asked.
    answering = createServer((req: IncomingMessage, res) => {
      seen.push(req.url ?? '');
      const url = new URL(req.url ?? '/', 'http://x');
      res.setHeader('content-type', 'application/json');
      if (url.pathname === '/support') {
        res.end(
          JSON.stringify({ casesCount: 7, serviceCatalogCount: 8, knowledgeArticlesCount: 9 }),
        );
      } else if (url.pathname === '/wrong-shape') {
        res.end(JSON.stringify({ count: 'many' }));
      } else {
        res.end(JSON.stringify({ count: 11 }));
      }
    });
    const silentPort = await listen(silent);
    const answeringPort = await listen(answering);
    const dead = `http://127.0.0.1:${await closedPort()}/count`;
    t = await createTestApp(kind, {
      SEARCH_PRODUCT_URL: `http://127.0.0.1:${silentPort}/count`,
      SEARCH_COMMUNITY_URL: dead,
      SEARCH_UNIVERSITY_URL: dead,
      SEARCH_SUPPORT_URL: `http://127.0.0.1:${answeringPort}/support`,
      SEARCH_TIMEOUT_MS: String(TIMEOUT_MS),
    });
    authorization = `Bearer ${await bearerFor(t.app, demoUsers.anna.email)}`;
  });
  afterAll(async () => {
    await t.close();
    await stop(silent);
    await stop(answering);
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { authorization } });

  it('a dead and a slow source each fail on their own; news still answers', async () => {
    const started = Date.now();
    const res = await get(`/api/search/combined-count?productId=${erp.contentId}&query=invoice`);
    const elapsed = Date.now() - started;
    expect(res.statusCode).toBe(200);
    const body = combinedSearchCountsSchema.parse(res.json());
    expect(body).toMatchObject({
      productDocumentation: null,
      productSoftwareDownloads: null,
      productNews: null,
      communitySearch: null,
    });
    expect(body.news).toBeGreaterThan(0);
    expect(body.errors).toEqual([
      {
        source: 'product',
        message: `The product content search did not answer within ${TIMEOUT_MS} ms.`,
      },
      { source: 'community', message: 'The community search could not be reached.' },
    ]);
    // Bounded by the time-out, not by the silent server.
    expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS - 20);
    expect(elapsed).toBeLessThan(TIMEOUT_MS + 2000);
  });

  it('single-source endpoints answer 502/504 JSON; the university answers -1', async () => {
    const community = await get('/api/communities/search/count?query=invoice');
    expect(community.statusCode).toBe(502);
    expect(problemSchema.parse(community.json()).detail).toBe(
      'The community search could not be reached.',
    );
    const product = await get(`/api/search/count?productId=${erp.contentId}&query=invoice`);
    expect(product.statusCode).toBe(504);

    const university = await get('/api/university/search/count?query=invoice');
    expect(university.statusCode).toBe(200);
    expect(university.json()).toEqual({
      count: -1,
      url: 'https://learning.portico.test/search?query=invoice',
    });
  });

  it('an answering source is asked for the caller’s account and its counts are used', async () => {
    const res = await get(`/api/support/count?userId=${demoUsers.anna.id}&query=invoice`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      casesCount: 7,
      serviceCatalogCount: 8,
      knowledgeArticlesCount: 9,
    });
    expect(seen.at(-1)).toBe(`/support?accountId=${demoAccounts.northwind.id}&query=invoice`);
  });
});

describe('search sources over HTTP: answers in the wrong shape', () => {
  let t: TestApp;
  let server: Server;

  beforeAll(async () => {
    server = createServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ count: 'many' }));
    });
    const port = await listen(server);
    t = await createTestApp(routeDatabaseKind(), {
      SEARCH_COMMUNITY_URL: `http://127.0.0.1:${port}/count`,
      SEARCH_UNIVERSITY_URL: `http://127.0.0.1:${port}/count`,
    });
  });
  afterAll(async () => {
    await t.close();
    await stop(server);
  });

  it('is that source’s error (502; university -1)', async () => {
    const authorization = `Bearer ${await bearerFor(t.app, demoUsers.anna.email)}`;
    const community = await t.app.inject({
      method: 'GET',
      url: '/api/communities/search/count?query=invoice',
      headers: { authorization },
    });
    expect(community.statusCode).toBe(502);
    expect(community.json()).toMatchObject({
      detail: 'The community search answered in an unexpected shape.',
    });
    const university = await t.app.inject({
      method: 'GET',
      url: '/api/university/search/count?query=invoice',
      headers: { authorization },
    });
    expect(university.json()).toMatchObject({ count: -1 });
  });
});
