import {
  accountUserSchema,
  fieldErrorsOf,
  problemSchema,
  newsEditorialItemSchema,
  userFormMessages,
} from '@portico/contracts';
import { describe, expect, it } from 'vitest';
import { appPerSuite } from '../../../test/suite-app.js';
import { databaseKinds } from '../../../test/test-db.js';
import { newUserInput, postUser } from '../../../test/user-input.js';
import { ANNA, PAUL, ERIK, NINA } from '../../../test/demo-emails.js';

/**
 * Issue 34: bidirectional controls in a display name reorder what is shown around it
 * ("Anna\u202Egnp.exe" reads "Annaexe.png"). Names a person types lose them (ADR 0061), and
 * names already stored (or written by another system) are answered without them.
 */

/** Every control the rule names, one after the other. */
const BIDI = '\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c';
const BIDI_ANYWHERE = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/;

describe.each(databaseKinds())('bidi controls in display names over %s', (kind) => {
  const t = appPerSuite(kind);
  const { as } = t;
  const get = async (email: string, url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: await as(email) });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res;
  };

  it('drops them from the names a user gives themself, and shows the name without them', async () => {
    const headers = await as(NINA);
    const settings = await t.app.inject({ method: 'GET', url: '/api/users/me/settings', headers });
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me',
      headers: { ...headers, 'if-match': String(settings.headers.etag) },
      payload: { firstName: `Nina\u202Egnp.exe`, lastName: `Ko${BIDI}walski` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ firstName: 'Ninagnp.exe', lastName: 'Kowalski' });
    expect((await get(NINA, '/api/users/me')).json()).toMatchObject({
      firstName: 'Ninagnp.exe',
      lastName: 'Kowalski',
    });
    expect((await get(NINA, '/api/users/me/settings')).json()).toMatchObject({
      firstName: 'Ninagnp.exe',
    });
  });

  it('drops them from the names an administrator gives, and a name of nothing else is required', async () => {
    const headers = await as(ANNA);
    const created = await postUser(
      t.app,
      headers,
      newUserInput({
        email: 'bidi.name@northwind.test',
        firstName: `\u2067Ola\u2069`,
        lastName: `Nord\u202Emann`,
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const user = accountUserSchema.parse(created.json());
    expect(user).toMatchObject({ firstName: 'Ola', lastName: 'Nordmann' });
    const stored = await t.db.query<{ first_name: string; last_name: string }>(
      'select first_name, last_name from users where id = $1',
      [user.id],
    );
    expect(stored.rows[0]).toEqual({ first_name: 'Ola', last_name: 'Nordmann' });

    const empty = await postUser(
      t.app,
      headers,
      newUserInput({ email: 'only.bidi@northwind.test', lastName: BIDI }),
    );
    expect(empty.statusCode).toBe(400);
    expect(fieldErrorsOf(problemSchema.parse(empty.json()))).toMatchObject({
      lastName: userFormMessages.required,
    });
  });

  it('answers stored user, account and author names without them', async () => {
    // As another system (or a row from before the rule) would have written them.
    await t.db.query(`update users set first_name = $1, last_name = $2 where email = $3`, [
      `Erik\u202Egnp.exe`,
      `\u200FHansen\u061C`,
      ERIK,
    ]);
    await t.db.query(
      `update accounts set name = '\u202e' || name where id in
         (select account_id from users where email in ($1, $2, $3))`,
      [ANNA, PAUL, ERIK],
    );

    for (const [email, url] of [
      [ERIK, '/api/users/me'],
      [ANNA, '/api/users/management'],
      [ANNA, '/api/users?page=1'],
      [ANNA, '/api/users/u-anna'],
      [ANNA, '/api/users/me/settings'],
      [ERIK, '/api/users/accounts'],
      [ANNA, '/api/invoices/accounts'],
      [PAUL, '/api/partner/accounts'],
    ] as const) {
      expect((await get(email, url)).body, url).not.toMatch(BIDI_ANYWHERE);
    }
    expect((await get(ERIK, '/api/users/me')).json()).toMatchObject({
      firstName: 'Erikgnp.exe',
      lastName: 'Hansen',
    });

    const news = await t.app.inject({
      method: 'POST',
      url: '/api/news',
      headers: await as(ERIK),
      payload: {
        title: 'An item by a renamed author',
        subtitle: '',
        location: 'Oslo',
        publicationDate: Date.now() - 60_000,
        introduction: 'A short introduction.',
        content: '<p>Body.</p>',
        headerImage: null,
        sales: false,
        productIds: [],
        action: 'draft',
      },
    });
    expect(news.statusCode, news.body).toBe(201);
    expect(newsEditorialItemSchema.parse(news.json()).authorName).not.toMatch(BIDI_ANYWHERE);
    expect(news.body).not.toMatch(BIDI_ANYWHERE);
    expect((await get(ERIK, '/api/news/editor')).body).not.toMatch(BIDI_ANYWHERE);
  });
});
