import {
  problemSchema,
  contentDocumentSchema,
  labelListSchema,
  productListSchema,
} from '@portico/contracts';
import { brotliDecompressSync } from 'node:zlib';
import { CATALOGS } from '@portico/locales/catalogs';
import { beforeAll, describe, expect, it } from 'vitest';
import { appPerSuite } from '../../../test/suite-app.js';
import { routeDatabaseKinds } from '../../../test/test-db.js';
import { bearerFor } from '../../../test/tokens.js';
import { expectProblems } from '../../../test/expect-problems.js';

const webEnglish: Readonly<Record<string, string>> = CATALOGS.web.en;
const webGerman: Readonly<Record<string, string>> = CATALOGS.web.de;

describe.each(routeDatabaseKinds())('content routes over %s', (kind) => {
  const t = appPerSuite(kind);
  let headers: { authorization: string };
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    headers = { authorization: `Bearer ${await bearerFor(t.app, 'anna.customer@portico.test')}` };
  });

  describe('GET /api/content/labels/cpplabels', () => {
    it('returns the English labels with the spec texts (§2, §8) by default', async () => {
      for (const url of [
        '/api/content/labels/cpplabels',
        '/api/content/labels/cpplabels?language=en',
      ]) {
        const res = await get(url);
        expect(res.statusCode).toBe(200);
        const labels = new Map(labelListSchema.parse(res.json()).map((l) => [l.key, l.value]));
        expect(labels.get('faceted-search.label.no-results')).toBe(
          'Oops, we could not find any results. Please modify your search.',
        );
        expect(labels.get('errormessage.401')).toBe(
          'Your session has expired. Redirecting to login...',
        );
        expect(labels.get('errormessage.408')).toBe(
          'Request has timed out. Please try again later.',
        );
        for (const status of ['403', '404', '500']) {
          expect(labels.get(`errormessage.${status}`)).toBe(
            'Something went wrong. Please send an email to {email} if the situation persists.',
          );
        }
        expect(labels.get('news.search.placeholder')).toBeTruthy();
        expect(labels.get('support.title.incident')).toBe('Incident');
      }
    });

    it('returns the catalogue of the language asked for, with editorial overrides over it', async () => {
      await t.db.query(
        `insert into labels (language, key, value) values ('de', 'news.search.placeholder', 'Nachrichten durchsuchen'), ('de', 'news.title', ' ')`,
      );
      let res;
      try {
        res = await get('/api/content/labels/cpplabels?language=de');
      } finally {
        await t.db.query(
          `delete from labels where language = 'de' and key in ('news.search.placeholder', 'news.title')`,
        );
      }
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-language']).toBe('de');
      const labels = new Map(labelListSchema.parse(res.json()).map((l) => [l.key, l.value]));
      // An editorial override wins; a blank one keeps the catalogue's German.
      expect(labels.get('news.search.placeholder')).toBe('Nachrichten durchsuchen');
      expect(labels.get('news.title')).toBe(webGerman['news.title']);
      expect(labels.get('errormessage.408')).toMatch(/später erneut/);
      expect(labels.get('toolbar.results_other')).toMatch(/Ergebnisse/);
      for (const key of Object.keys(webEnglish)) expect(labels.has(key), key).toBe(true);
    });

    it('answers in the profile language without a parameter, and in Accept-Language signed out', async () => {
      await t.db.query(
        "update users set language = 'fr' where email = 'anna.customer@portico.test'",
      );
      try {
        const own = await t.app.inject({
          method: 'GET',
          url: '/api/content/labels/cpplabels',
          headers: { ...headers, 'accept-language': 'de' },
        });
        expect(own.headers['content-language']).toBe('fr');
      } finally {
        await t.db.query(
          "update users set language = 'en' where email = 'anna.customer@portico.test'",
        );
      }
      const anonymous = await t.app.inject({
        method: 'GET',
        url: '/api/content/labels/cpplabels',
        headers: { 'accept-language': 'it-IT, pl;q=0.8, de;q=0.5' },
      });
      expect(anonymous.statusCode).toBe(200);
      expect(anonymous.headers['content-language']).toBe('pl');
      const labels = new Map(labelListSchema.parse(anonymous.json()).map((l) => [l.key, l.value]));
      expect(labels.get('search.count_few')).toBeTruthy();
      const bad = await t.app.inject({
        method: 'GET',
        url: '/api/content/labels/cpplabels',
        headers: { authorization: 'Bearer not-a-token' },
      });
      expect(bad.statusCode).toBe(401);
    });

    it('is compressed for a browser that accepts it (public text, so BREACH does not apply)', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/content/labels/cpplabels?language=pl',
        headers: { ...headers, 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(String(res.headers.vary)).toMatch(/Accept-Encoding/);
      const list = labelListSchema.parse(
        JSON.parse(brotliDecompressSync(res.rawPayload).toString()),
      );
      expect(list.length).toBeGreaterThanOrEqual(Object.keys(webEnglish).length);
      expect(res.rawPayload.length).toBeLessThan(JSON.stringify(list).length / 3);
      const plain = await get('/api/content/labels/cpplabels?language=pl');
      expect(plain.headers['content-encoding']).toBeUndefined();
    });

    it('refuses a language the portal does not have with 400 (issue 27)', async () => {
      for (const language of ['it', 'xx', 'de-DE', '']) {
        const res = await get(`/api/content/labels/cpplabels?language=${language}`);
        expect(res.statusCode, language).toBe(400);
        expect(res.json<{ detail: string }>().detail).toMatch(/language must be one of en, de/);
      }
    });

    it('serves the pseudo-locale: accented, longer, bracketed, placeholders intact', async () => {
      const res = await get('/api/content/labels/cpplabels?language=en-XA');
      expect(res.statusCode).toBe(200);
      const labels = new Map(labelListSchema.parse(res.json()).map((l) => [l.key, l.value]));
      const value = labels.get('errormessage.500') ?? '';
      expect(value).toMatch(/^⟦Šóɱéŧĥíñĝ/);
      expect(value).toContain('{email}');
      expect(value.length).toBeGreaterThan(webEnglish['errormessage.500']!.length * 1.2);
    });

    it.each(['EN', 'english', 'e1', '', 'en-GB', 'en&language=de'])(
      'answers 400 JSON for language=%s',
      async (language) => {
        const res = await get(`/api/content/labels/cpplabels?language=${language}`);
        expect(res.statusCode).toBe(400);
        const body = problemSchema.parse(res.json());
        expect(body.detail).toMatch(/language/);
      },
    );
  });

  it('GET /api/content/labels/cppproducts lists the six products with slug and content id', async () => {
    const res = await get('/api/content/labels/cppproducts');
    expect(res.statusCode).toBe(200);
    const products = productListSchema.parse(res.json());
    expect(products.map((p) => p.slug)).toEqual([
      'erp',
      'erpx',
      'financials',
      'fpa',
      'talent-management',
      'te',
    ]);
    expect(products.find((p) => p.slug === 'fpa')?.productName).toBe('FP&A');
    expect(new Set(products.map((p) => p.contentId)).size).toBe(6);
  });

  it('GET /api/content/labels/timezones lists IANA zones as sorted {key, value}', async () => {
    const res = await get('/api/content/labels/timezones');
    expect(res.statusCode).toBe(200);
    const zones = labelListSchema.parse(res.json());
    expect(zones.length).toBeGreaterThan(300);
    expect(zones).toContainEqual({ key: 'Europe/Amsterdam', value: 'Europe/Amsterdam' });
    expect(zones).toContainEqual({ key: 'America/New_York', value: 'America/New York' });
    expect(zones.some((z) => z.key === 'UTC')).toBe(true);
    const keys = zones.map((z) => z.key);
    expect(keys).toEqual([...keys].sort());
  });

  describe('GET /api/content/infodocument/:id', () => {
    it('returns the ERPx report engine description', async () => {
      const res = await get('/api/content/infodocument/download-erpx-description');
      expect(res.statusCode).toBe(200);
      const doc = contentDocumentSchema.parse(res.json());
      expect(doc.title).toBe('ERPx report engine');
      expect(doc.content).toContain('report engine');
      // The new-tab link was given rel on the way in.
      expect(doc.content).toContain('target="_blank" rel="noopener noreferrer"');
    });

    it('returns the help documents the modal opens', async () => {
      for (const id of ['news-help', 'search-help']) {
        const res = await get(`/api/content/infodocument/${id}`);
        expect(res.statusCode).toBe(200);
        expect(contentDocumentSchema.parse(res.json()).content).toMatch(/^<p>/);
      }
    });

    it('sanitises content on the way out, whoever stored it', async () => {
      await t.db.query('insert into content_documents (id, title, content) values ($1, $2, $3)', [
        'legacy-import',
        'Imported',
        '<p onclick="steal()">Hello</p><script>steal()</script><a href="javascript:steal()">x</a>',
      ]);
      const res = await get('/api/content/infodocument/legacy-import');
      expect(res.statusCode).toBe(200);
      expect(contentDocumentSchema.parse(res.json()).content).toBe('<p>Hello</p><a>x</a>');
    });

    it('answers 404 JSON for an unknown document', async () => {
      const res = await get('/api/content/infodocument/no-such-document');
      expect(res.statusCode).toBe(404);
      expect(problemSchema.parse(res.json())).toMatchObject({
        status: 404,
        title: 'Not Found',
      });
    });

    it.each(['..%2Fetc', '%20space', '-leading-dash', 'semi%3Bcolon', 'a'.repeat(100)])(
      'answers 400 JSON for id %s',
      async (id) => {
        const res = await get(`/api/content/infodocument/${id}`);
        expect(res.statusCode).toBe(400);
        expect(problemSchema.parse(res.json()).status).toBe(400);
      },
    );
  });

  it('answers 401 JSON on every content route but the labels without a token', async () => {
    const routes = [
      '/api/content/labels/cppproducts',
      '/api/content/labels/timezones',
      '/api/content/infodocument/news-help',
    ];
    await expectProblems(routes, 401, (url) => t.app.inject({ method: 'GET', url }));
  });
});
