import { createHash } from 'node:crypto';
import {
  problemSchema,
  downloadListSchema,
  newsItemSchema,
  newsListSchema,
  productDetailSchema,
  productHighlightListSchema,
  productSummaryListSchema,
  releaseListSchema,
  releaseNoteListSchema,
  type Download,
} from '@portico/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { routeDatabaseKinds } from '../../../test/test-db.js';
import { bearerFor } from '../../../test/tokens.js';
import { demoProducts } from '../../seed/products.js';
import { insertNews } from '../news/news.repository.js';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe.each(routeDatabaseKinds())('My Solutions API over %s', (kind) => {
  let t: TestApp;
  const auth: Record<'anna' | 'paul' | 'erik', string> = { anna: '', paul: '', erik: '' };

  beforeAll(async () => {
    t = await createTestApp(kind);
    auth.anna = `Bearer ${await bearerFor(t.app, 'anna.customer@portico.test')}`;
    auth.paul = `Bearer ${await bearerFor(t.app, 'paul.partner@portico.test')}`;
    auth.erik = `Bearer ${await bearerFor(t.app, 'erik.employee@portico.test')}`;
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (
    url: string,
    who: keyof typeof auth = 'anna',
    headers: Record<string, string> = {},
  ) => t.app.inject({ method: 'GET', url, headers: { authorization: auth[who], ...headers } });

  async function downloadsOf(productId: string, who: keyof typeof auth = 'anna') {
    const response = await get(`/api/products/${productId}/downloads`, who);
    expect(response.statusCode, response.body).toBe(200);
    return downloadListSchema.parse(response.json());
  }

  describe('products', () => {
    it('lists every product with whether the caller is connected', async () => {
      const anna = productSummaryListSchema.parse((await get('/api/products')).json());
      expect(
        anna
          .filter((p) => p.connected)
          .map((p) => p.id)
          .sort(),
      ).toEqual(['p-erp', 'p-financials', 'p-fpa']);
      const erik = productSummaryListSchema.parse((await get('/api/products', 'erik')).json());
      expect(erik.length).toBe(6);
      expect(erik.every((p) => p.connected)).toBe(true);
    });

    it('looks a product up by id: 200 connected, 403 not connected, 404 unknown, 400 bad id', async () => {
      const erp = await get('/api/products/p-erp');
      expect(erp.statusCode).toBe(200);
      expect(productDetailSchema.parse(erp.json())).toEqual({
        id: 'p-erp',
        productName: 'ERP',
        slug: 'erp',
        contentId: '6f1d2c0a-7b3e-4d5a-9c1e-0a1b2c3d4e01',
      });
      const paul = await get('/api/products/p-erp', 'paul');
      expect(paul.statusCode).toBe(403);
      expect(problemSchema.parse(paul.json()).detail).toMatch(/not connected to ERP/);
      expect((await get('/api/products/p-nope')).statusCode).toBe(404);
      expect((await get('/api/products/%20bad')).statusCode).toBe(400);
      expect((await get('/api/products/p-erpx', 'erik')).statusCode).toBe(200);
    });

    it('lists releases newest first', async () => {
      const releases = releaseListSchema.parse((await get('/api/products/p-erp/releases')).json());
      expect(releases.map((r) => r.version)).toEqual([
        '2026.2',
        '2026.1',
        '2025.3',
        '2025.2',
        '2025.1',
      ]);
    });
  });

  describe('tile highlights (issue 37)', () => {
    it("says each reachable product's description, newest release and newest product news, nothing of others", async () => {
      const [newest] = await insertNews(t.db, [
        {
          title: 'Numbat arrives in FP&A',
          publicationDate: Date.parse('2099-01-02T10:00:00Z'),
          content: '<p>numbat</p>',
        },
      ]);
      await t.db.query('insert into news_products (news_id, product_id) values ($1, $2)', [
        newest,
        'p-fpa',
      ]);
      try {
        const response = await get('/api/products/highlights');
        expect(response.statusCode, response.body).toBe(200);
        const anna = productHighlightListSchema.parse(response.json());
        expect(anna.map((h) => h.productId).sort()).toEqual(['p-erp', 'p-financials', 'p-fpa']);
        const byId = new Map(anna.map((h) => [h.productId, h]));
        expect(byId.get('p-erp')?.latestRelease?.version).toBe('2026.2');
        expect(byId.get('p-erp')?.latestRelease?.releaseDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(byId.get('p-erp')?.description).toBe(
          'Finance, projects, procurement and inventory in one system for service companies.',
        );
        expect(byId.get('p-fpa')?.latestNews).toEqual({
          id: newest,
          title: 'Numbat arrives in FP&A',
          publicationDate: '2099-01-02T10:00:00.000Z',
        });
        const paul = productHighlightListSchema.parse(
          (await get('/api/products/highlights', 'paul')).json(),
        );
        expect(paul.map((h) => h.productId)).not.toContain('p-fpa');
        expect(
          (await t.app.inject({ method: 'GET', url: '/api/products/highlights' })).statusCode,
        ).toBe(401);
      } finally {
        await t.db.query('delete from news where id = $1', [newest]);
      }
    });

    it('says null for a product without a description, or with only blanks', async () => {
      const original = (id: string) => demoProducts.find((p) => p.id === id)?.description ?? null;
      await t.db.query('update products set description = null where id = $1', ['p-financials']);
      await t.db.query("update products set description = '  ' where id = $1", ['p-fpa']);
      try {
        const anna = productHighlightListSchema.parse(
          (await get('/api/products/highlights')).json(),
        );
        const byId = new Map(anna.map((h) => [h.productId, h]));
        expect(byId.get('p-financials')?.description).toBeNull();
        expect(byId.get('p-fpa')?.description).toBeNull();
        expect(byId.get('p-erp')?.description).toMatch(/\S/);
      } finally {
        for (const id of ['p-financials', 'p-fpa'])
          await t.db.query('update products set description = $2 where id = $1', [
            id,
            original(id),
          ]);
      }
    });
  });

  describe('downloads', () => {
    let file: Download;
    let whole: Buffer;

    beforeAll(async () => {
      const list = await downloadsOf('p-erp');
      file = list.find((d) => d.name.endsWith('installer'))!;
      const response = await get(file.url);
      expect(response.statusCode).toBe(200);
      whole = response.rawPayload;
    });

    it('lists downloads with version, date, size, sha256 and url; release narrows them', async () => {
      const list = await downloadsOf('p-erp');
      expect(list.length).toBe(7);
      expect(list[0]!.version).toBe('2026.2');
      for (const d of list) {
        expect(d.size).toBeGreaterThanOrEqual(512 * 1024);
        expect(d.url).toBe(`/api/products/p-erp/downloads/${d.id}/file`);
      }
      const one = downloadListSchema.parse(
        (await get('/api/products/p-erp/downloads?release=2025.2')).json(),
      );
      expect(one.map((d) => d.version)).toEqual(['2025.2']);
      expect((await get('/api/products/p-erp/downloads?release=latest')).statusCode).toBe(400);
    });

    it('sends the whole file as an attachment whose SHA-256 is the listed one', async () => {
      const response = await get(file.url);
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="${file.fileName}"`,
      );
      expect(response.headers['accept-ranges']).toBe('bytes');
      expect(Number(response.headers['content-length'])).toBe(file.size);
      expect(whole.length).toBe(file.size);
      expect(sha256(whole)).toBe(file.sha256);
      // Not a trivial file: the bytes vary.
      expect(new Set(whole.subarray(0, 4096)).size).toBeGreaterThan(200);
    });

    it('serves byte ranges: the first bytes, a mid-file resume and a suffix', async () => {
      const first = await get(file.url, 'anna', { range: 'bytes=0-99' });
      expect(first.statusCode).toBe(206);
      expect(first.headers['content-range']).toBe(`bytes 0-99/${file.size}`);
      expect(first.headers['content-length']).toBe('100');
      expect(first.rawPayload.equals(whole.subarray(0, 100))).toBe(true);

      // Resume at an offset that is not on an AES block boundary.
      const offset = Math.floor(file.size / 2) + 7;
      const rest = await get(file.url, 'anna', { range: `bytes=${offset}-` });
      expect(rest.statusCode).toBe(206);
      expect(rest.headers['content-range']).toBe(`bytes ${offset}-${file.size - 1}/${file.size}`);
      expect(sha256(Buffer.concat([whole.subarray(0, offset), rest.rawPayload]))).toBe(file.sha256);

      const suffix = await get(file.url, 'anna', { range: 'bytes=-500' });
      expect(suffix.statusCode).toBe(206);
      expect(suffix.rawPayload.equals(whole.subarray(file.size - 500))).toBe(true);
    });

    it('answers HEAD with the size and no body (a download manager probes first)', async () => {
      const head = await t.app.inject({
        method: 'HEAD',
        url: file.url,
        headers: { authorization: auth.anna },
      });
      expect(head.statusCode).toBe(200);
      expect(Number(head.headers['content-length'])).toBe(file.size);
      expect(head.headers['accept-ranges']).toBe('bytes');
      expect(head.rawPayload.length).toBe(0);
    });

    it('answers 416 for a range beyond the end, and honours If-Range', async () => {
      const beyond = await get(file.url, 'anna', { range: `bytes=${file.size}-` });
      expect(beyond.statusCode).toBe(416);
      expect(beyond.headers['content-range']).toBe(`bytes */${file.size}`);
      expect(problemSchema.parse(beyond.json()).status).toBe(416);

      const stale = await get(file.url, 'anna', { range: 'bytes=0-9', 'if-range': '"old"' });
      expect(stale.statusCode).toBe(200);
      const current = await get(file.url, 'anna', {
        range: 'bytes=0-9',
        'if-range': `"${file.sha256}"`,
      });
      expect(current.statusCode).toBe(206);
    });

    it("refuses paul both the list and the file of anna's product (403)", async () => {
      const list = await get('/api/products/p-erp/downloads', 'paul');
      expect(list.statusCode).toBe(403);
      const bytes = await get(file.url, 'paul');
      expect(bytes.statusCode).toBe(403);
      expect(bytes.headers['content-disposition']).toBeUndefined();
    });

    it('answers 404 for a download of another product, revealing nothing and changing nothing', async () => {
      const paulsFile = (await downloadsOf('p-erpx', 'paul'))[0]!;
      const before = await downloadsOf('p-erpx', 'paul');
      const cross = await get(`/api/products/p-erp/downloads/${paulsFile.id}/file`);
      expect(cross.statusCode).toBe(404);
      expect(cross.body).not.toContain(paulsFile.fileName);
      expect(cross.body).not.toContain('erpx');
      expect(cross.headers['content-disposition']).toBeUndefined();
      const unknown = await get('/api/products/p-erp/downloads/d-0000000000000000/file');
      expect(unknown.statusCode).toBe(404);
      expect(problemSchema.parse(unknown.json()).detail.replace('d-0000000000000000', 'X')).toBe(
        problemSchema.parse(cross.json()).detail.replace(paulsFile.id, 'X'),
      );
      expect(await downloadsOf('p-erpx', 'paul')).toEqual(before);
    });
  });

  describe('release notes', () => {
    it('lists notes per version with sanitised HTML, and one version on request', async () => {
      const all = releaseNoteListSchema.parse(
        (await get('/api/products/p-erp/release-notes')).json(),
      );
      expect(new Set(all.map((n) => n.version)).size).toBe(5);
      expect(all[0]!.version).toBe('2026.2');
      for (const n of all) expect(n.content).not.toMatch(/<script|on\w+=/i);
      const one = releaseNoteListSchema.parse(
        (await get('/api/products/p-erp/release-notes?release=2025.3')).json(),
      );
      expect(one.length).toBeGreaterThanOrEqual(3);
      expect(one.every((n) => n.version === '2025.3')).toBe(true);
    });

    it('gathers the changes after X up to and including Y, in either order', async () => {
      const url = (from: string, to: string) =>
        `/api/products/p-erp/release-notes/changes?from=${from}&to=${to}`;
      const changes = releaseNoteListSchema.parse((await get(url('2025.1', '2025.3'))).json());
      expect([...new Set(changes.map((n) => n.version))]).toEqual(['2025.2', '2025.3']);
      const all = releaseNoteListSchema.parse(
        (await get('/api/products/p-erp/release-notes')).json(),
      );
      expect(changes.length).toBe(
        all.filter((n) => ['2025.2', '2025.3'].includes(n.version)).length,
      );
      const reversed = releaseNoteListSchema.parse((await get(url('2025.3', '2025.1'))).json());
      expect(reversed).toEqual(changes);
      expect(releaseNoteListSchema.parse((await get(url('2026.1', '2026.1'))).json())).toEqual([]);
      const unknown = await get(url('2025.1', '1999.1'));
      expect(unknown.statusCode).toBe(400);
      expect(problemSchema.parse(unknown.json()).detail).toMatch(/1999\.1 is not a release/);
      expect((await get('/api/products/p-erp/release-notes/changes?from=2025.1')).statusCode).toBe(
        400,
      );
      expect((await get(url('2025.1', '2025.3'), 'paul')).statusCode).toBe(403);
    });
  });

  describe('product news', () => {
    let linked: number[];
    let unlinked: number;

    beforeAll(async () => {
      // Our own items in 2001, so no seeded item falls in their days.
      const ids = await insertNews(t.db, [
        {
          title: 'Wombat release for ERP',
          publicationDate: Date.parse('2001-05-01T10:00:00Z'),
          content: '<p>wombat</p>',
        },
        {
          title: 'Wombat tips for ERP',
          publicationDate: Date.parse('2001-05-02T10:00:00Z'),
          content: '<p>wombat</p>',
        },
        {
          title: 'Other news',
          publicationDate: Date.parse('2001-05-03T10:00:00Z'),
          content: '<p>x</p>',
        },
        {
          title: 'Wombat for ERPx only',
          publicationDate: Date.parse('2001-05-02T12:00:00Z'),
          content: '<p>wombat</p>',
        },
      ]);
      linked = ids.slice(0, 3);
      unlinked = ids[3]!;
      for (const id of linked)
        await t.db.query('insert into news_products (news_id, product_id) values ($1, $2)', [
          id,
          'p-erp',
        ]);
      await t.db.query('insert into news_products (news_id, product_id) values ($1, $2)', [
        unlinked,
        'p-erpx',
      ]);
    });

    async function page(url: string) {
      const response = await get(url);
      expect(response.statusCode, response.body).toBe(200);
      return {
        items: newsListSchema.parse(response.json()),
        total: Number(response.headers['x-total-count']),
      };
    }

    it('pages the product news newest first with X-Total-Count', async () => {
      const { rows } = await t.db.query<{ n: number }>(
        "select count(*)::int as n from news_products where product_id = 'p-erp'",
      );
      const first = await page('/api/products/p-erp/news?page=1&size=5');
      expect(first.total).toBe(rows[0]!.n);
      expect(first.total).toBeGreaterThan(10);
      expect(first.items).toHaveLength(5);
      const second = await page('/api/products/p-erp/news?page=2&size=5');
      expect(second.items[0]!.publicationDate).toBeLessThanOrEqual(first.items[4]!.publicationDate);
      expect(second.items.map((i) => i.id)).not.toContain(first.items[0]!.id);
    });

    it('filters by query and dates, only within the product', async () => {
      const wombats = await page('/api/products/p-erp/news?query=wombat');
      expect(wombats.items.map((i) => i.id).sort()).toEqual(linked.slice(0, 2).sort());
      expect(wombats.total).toBe(2);
      const day = await page('/api/products/p-erp/news?startDate=2001-05-02&endDate=2001-05-03');
      expect(day.items.map((i) => i.id)).toEqual([linked[2], linked[1]]);
      const epoch = await page(
        `/api/products/p-erp/news?fromDateTime=${Date.parse('2001-05-01T00:00:00Z')}&toDateTime=${Date.parse('2001-05-01T23:59:59.999Z')}`,
      );
      expect(epoch.items.map((i) => i.id)).toEqual([linked[0]]);
    });

    it('drops empty filters (§7 variant) and refuses bad ones', async () => {
      const plain = await page('/api/products/p-erp/news?page=1&size=5');
      const empties = await page(
        '/api/products/p-erp/news?page=1&size=5&query=&fromDateTime=&toDateTime=',
      );
      expect(empties).toEqual(plain);
      expect((await get('/api/products/p-erp/news?page=0')).statusCode).toBe(400);
      expect((await get('/api/products/p-erp/news?size=5&startDate=2001-01-01')).statusCode).toBe(
        400,
      );
      expect((await get('/api/products/p-erp/news', 'paul')).statusCode).toBe(403);
    });

    it('opens a linked item and 404s one of another product', async () => {
      const ok = await get(`/api/products/p-erp/news/${linked[0]}`);
      expect(ok.statusCode).toBe(200);
      expect(newsItemSchema.parse(ok.json()).title).toBe('Wombat release for ERP');
      expect((await get(`/api/products/p-erp/news/${unlinked}`)).statusCode).toBe(404);
      expect((await get('/api/products/p-erp/news/9999999999999999999')).statusCode).toBe(404);
    });
  });
});
