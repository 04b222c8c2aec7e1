import { problemSchema, notificationListSchema } from '@portico/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { appPerSuite } from '../../../test/suite-app.js';
import { routeDatabaseKinds } from '../../../test/test-db.js';
import { ANNA, PAUL, NINA } from '../../../test/demo-emails.js';

describe.each(routeDatabaseKinds())('the notification centre over %s', (kind) => {
  const t = appPerSuite(kind);
  const { as } = t;
  const list = async (email: string) =>
    notificationListSchema.parse(
      (
        await t.app.inject({ method: 'GET', url: '/api/notifications', headers: await as(email) })
      ).json(),
    );

  beforeAll(async () => {
    for (const [user, n] of [
      ['u-anna', 1],
      ['u-anna', 2],
      ['u-anna', 3],
      ['u-nina', 4],
    ] as const) {
      await t.db.query(
        `insert into user_notifications (user_id, source, icon, title, content, path, link)
         values ($1, $2, 'news', $3, 'Content', $4, 'Read the article')`,
        [user, `test:${n}`, `Item ${n}`, `/news/news-item/item-${n}/${n}`],
      );
    }
  });

  it("lists the caller's own notifications in the §3 shape, newest first, with the unread count", async () => {
    const anna = await list(ANNA);
    expect(anna.unreadCount).toBe(3);
    expect(anna.items.map((n) => n.title)).toEqual(['Item 3', 'Item 2', 'Item 1']);
    expect(anna.items[0]).toMatchObject({
      type: 'information',
      icon: 'news',
      content: 'Content',
      path: '/news/news-item/item-3/3',
      link: 'Read the article',
      persistent: false,
      read: false,
    });
    expect(new Date(anna.items[0]!.date).getTime()).not.toBeNaN();
    const nina = await list(NINA);
    expect(nina.items.map((n) => n.title)).toEqual(['Item 4']);
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
  });

  it("marks one read; another user's id is a 404, a bad id a 400", async () => {
    const nina = await list(NINA);
    const ninasId = nina.items[0]!.id;
    const stranger = await t.app.inject({
      method: 'POST',
      url: `/api/notifications/${ninasId}/read`,
      headers: await as(ANNA),
    });
    expect(stranger.statusCode).toBe(404);
    expect(problemSchema.parse(stranger.json()).detail).toContain(ninasId);
    expect((await list(NINA)).unreadCount).toBe(1);

    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/abc/read',
      headers: await as(ANNA),
    });
    expect(bad.statusCode).toBe(400);

    const annaFirst = (await list(ANNA)).items[0]!;
    const ok = await t.app.inject({
      method: 'POST',
      url: `/api/notifications/${annaFirst.id}/read`,
      headers: await as(ANNA),
    });
    expect(ok.statusCode).toBe(204);
    const after = await list(ANNA);
    expect(after.unreadCount).toBe(2);
    expect(after.items[0]!.read).toBe(true);
    const count = await t.app.inject({
      method: 'GET',
      url: '/api/notifications/unread-count',
      headers: await as(ANNA),
    });
    expect(count.json()).toEqual({ unreadCount: 2 });
  });

  it('marks all read for the caller only', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/read-all',
      headers: await as(ANNA),
    });
    expect(res.statusCode).toBe(204);
    expect((await list(ANNA)).unreadCount).toBe(0);
    expect((await list(NINA)).unreadCount).toBe(1);
  });

  it('withdraws a news notification while its item is unpublished or deleted: no link to a 404 (issue 27)', async () => {
    const news = async (title: string) =>
      (
        await t.db.query<{ id: string }>(
          `insert into news (title, publication_date, content) values ($1, now(), '<p>x</p>')
           returning id::text as id`,
          [title],
        )
      ).rows[0]!.id;
    const live = await news('Still here');
    const gone = await news('Soon gone');
    for (const [id, title] of [
      [live, 'Still here'],
      [gone, 'Soon gone'],
    ] as const) {
      await t.db.query(
        `insert into user_notifications (user_id, source, icon, title, content, path, link)
         values ('u-paul', $1, 'news', $2, 'Content', $3, 'Read the article')`,
        [`news:${id}`, title, `/news/news-item/x/${id}`],
      );
    }
    const before = await list(PAUL);
    expect(before.items.map((n) => n.title)).toEqual(['Soon gone', 'Still here']);
    expect(before.unreadCount).toBe(2);
    const goneId = before.items[0]!.id;

    // Unpublishing deletes the live row (ADR 0032); deleting the item does the same.
    await t.db.query('delete from news where id = $1', [gone]);
    const after = await list(PAUL);
    expect(after.items.map((n) => n.title)).toEqual(['Still here']);
    expect(after.unreadCount).toBe(1);
    const count = await t.app.inject({
      method: 'GET',
      url: '/api/notifications/unread-count',
      headers: await as(PAUL),
    });
    expect(count.json()).toEqual({ unreadCount: 1 });
    const read = await t.app.inject({
      method: 'POST',
      url: `/api/notifications/${goneId}/read`,
      headers: await as(PAUL),
    });
    expect(read.statusCode).toBe(404);
  });
});
