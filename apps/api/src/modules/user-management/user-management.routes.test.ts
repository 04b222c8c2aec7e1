import {
  accountUserListSchema,
  accountUserSchema,
  fieldErrorsOf,
  problemSchema,
  UNSTORABLE_TEXT_MESSAGE,
  userAuditSchema,
  userFormMessages,
  userManagementContextSchema,
} from '@portico/contracts';
import type { AccountUser, AccountUserInput } from '@portico/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appPerSuite } from '../../../test/suite-app.js';
import { databaseKinds } from '../../../test/test-db.js';
import { expectFieldErrors, expectUserFormErrors } from '../../../test/user-form-errors.js';
import { inputOf, newUserInput, postUser } from '../../../test/user-input.js';
import { HashQueue } from '../oidc/hash-queue.js';
import { signIn } from '../oidc/sign-in.service.js';
import { ANNA, PAUL, ERIK, NINA } from '../../../test/demo-emails.js';
import { expectProblems } from '../../../test/expect-problems.js';

// Password checks go through the same bounded queue as the sign-in page (ADR 0014).
const hashQueue = new HashQueue({ concurrency: 1, maxWaiting: 16 });
afterAll(() => hashQueue.close());

describe.each(databaseKinds())('user management API over %s', (kind) => {
  const t = appPerSuite(kind);
  const { as } = t;
  const usersSnapshot = async () =>
    (
      await t.db.query<{ s: string }>(
        `select md5(string_agg(u::text, '|' order by id)) as s from users u`,
      )
    ).rows[0]?.s;
  /** GET `url` as the caller of `headers`. */
  const getWith = (url: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url, headers });
  /** PUT `payload` to `url` (a user, or /api/users/me) with If-Match `ifMatch`. */
  const putWith = (
    url: string,
    headers: Record<string, string>,
    ifMatch: string,
    payload: object,
  ) => t.app.inject({ method: 'PUT', url, headers: { ...headers, 'if-match': ifMatch }, payload });
  /** DELETE `url` (a user) with If-Match `ifMatch`. */
  const deleteWith = (url: string, headers: Record<string, string>, ifMatch: string) =>
    t.app.inject({ method: 'DELETE', url, headers: { ...headers, 'if-match': ifMatch } });
  /** Saves `user` as the form does: its fields with `changes`, on the version `ifMatch`. */
  const saveUser = (
    headers: Record<string, string>,
    user: AccountUser,
    ifMatch: string,
    changes: object,
  ) => putWith(`/api/users/${user.id}`, headers, ifMatch, { ...inputOf(user), ...changes });
  const getUser = async (email: string, id: string) => {
    const res = await getWith(`/api/users/${id}`, await as(email));
    expect(res.statusCode).toBe(200);
    return { user: accountUserSchema.parse(res.json()), etag: String(res.headers.etag) };
  };

  it('lists 20 users a page of the caller’s account with X-Total-Count, and filters and sorts', async () => {
    const headers = await as(ANNA);
    const res = await getWith('/api/users', headers);
    expect(res.statusCode).toBe(200);
    const total = Number(res.headers['x-total-count']);
    expect(total).toBeGreaterThanOrEqual(25);
    expect(total).toBeLessThanOrEqual(61);
    const page1 = accountUserListSchema.parse(res.json());
    expect(page1).toHaveLength(20);
    const names = page1.map((u) => `${u.lastName}, ${u.firstName}`);
    expect(names).toEqual(
      [...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })),
    );
    const page3 = await getWith('/api/users?page=3', headers);
    expect(accountUserListSchema.parse(page3.json())).toHaveLength(total - 40);

    const pending = await getWith('/api/users?status=Pending', headers);
    const pendingUsers = accountUserListSchema.parse(pending.json());
    expect(pendingUsers.length).toBeGreaterThan(0);
    expect(pendingUsers.every((u) => u.status === 'Pending')).toBe(true);

    const admins = await getWith('/api/users?role=administrator', headers);
    expect(accountUserListSchema.parse(admins.json()).map((u) => u.id)).toContain('u-anna');

    const query = await getWith('/api/users?query=LINDQ', headers);
    expect(accountUserListSchema.parse(query.json()).map((u) => u.id)).toEqual(['u-anna']);
    const byMail = await getWith('/api/users?query=anna.customer', headers);
    expect(accountUserListSchema.parse(byMail.json()).map((u) => u.id)).toEqual(['u-anna']);

    const byLogin = await getWith('/api/users?sort=-lastLogin', headers);
    const logins = accountUserListSchema.parse(byLogin.json()).map((u) => u.lastLoginAt ?? '');
    expect(logins).toEqual([...logins].sort().reverse());
  });

  it('searches by the beginning of every word, kept in step with changes (ADR 0038)', async () => {
    const headers = await as(ANNA);
    const list = async (url: string) => {
      const res = await getWith(url, headers);
      expect(res.statusCode, url).toBe(200);
      return {
        ids: accountUserListSchema.parse(res.json()).map((u) => u.id),
        total: Number(res.headers['x-total-count']),
      };
    };
    // Several words: each must begin a word of the name, e-mail or username (any order).
    expect((await list('/api/users?query=lindq%20ann')).ids).toEqual(['u-anna']);
    expect((await list('/api/users?query=portico.test%20anna')).ids).toEqual(['u-anna']);
    expect(await list('/api/users?query=anna%20nobodyelse')).toEqual({ ids: [], total: 0 });
    // Past the last page the number of matches is still told.
    expect(await list('/api/users?query=lindq&page=5')).toEqual({ ids: [], total: 1 });
    // With a status filter, and after a rename, a status change and a deletion.
    const victim = 'u-northwind-006';
    await t.db.query(
      `update users set last_name = 'Zyxwvutsen', status = 'Inactive' where id = $1`,
      [victim],
    );
    expect((await list('/api/users?query=zyxwv&status=Inactive')).ids).toEqual([victim]);
    expect((await list('/api/users?query=zyxwv&status=Active')).ids).toEqual([]);
    const sorted = await list('/api/users?query=northwind&sort=-name');
    expect(sorted.total).toBeGreaterThan(20);
    expect(sorted.ids[0]).toBe(victim);
    // Other sorts, and the second page, with a query.
    const byStatus = await getWith('/api/users?query=northwind&sort=-status&page=2', headers);
    const statuses = accountUserListSchema.parse(byStatus.json()).map((u) => u.status);
    expect(statuses.length).toBe(Math.min(20, sorted.total - 20));
    expect(statuses).toEqual([...statuses].sort().reverse());
    const page2 = await list('/api/users?query=northwind&sort=-name&page=2');
    expect(page2.total).toBe(sorted.total);
    expect(page2.ids.some((id) => sorted.ids.includes(id))).toBe(false);
    const { etag } = await getUser(ANNA, victim);
    const deleted = await deleteWith(`/api/users/${victim}`, headers, etag);
    expect(deleted.statusCode).toBe(204);
    expect((await list('/api/users?query=zyxwv')).ids).toEqual([]);
  });

  it.each([
    {
      title: 'answers bad list parameters with 400 JSON',
      email: ANNA,
      status: 400,
      urls: [
        '/api/users?page=0',
        '/api/users?status=Gone',
        '/api/users?sort=age',
        '/api/users?query=%00',
      ],
    },
    {
      title: 'refuses users without USERMANAGEMENT with 403 (nina)',
      email: NINA,
      status: 403,
      urls: [
        '/api/users',
        '/api/users/management',
        '/api/users/u-anna',
        '/api/users/learning-roles',
      ],
    },
  ])('$title', async ({ email, status, urls }) => {
    const headers = await as(email);
    await expectProblems(urls, status, (url) => getWith(url, headers));
  });

  it('answers every user route with an id of another account 404 and changes nothing (IDOR)', async () => {
    const headers = await as(ANNA);
    const foreign = 'u-brightwater-002';
    const before = await usersSnapshot();
    const ifMatch = { ...headers, 'if-match': '"v1"' };
    const calls = [
      { method: 'GET' as const, url: `/api/users/${foreign}` },
      { method: 'GET' as const, url: `/api/users/${foreign}/audit` },
      {
        method: 'PUT' as const,
        url: `/api/users/${foreign}`,
        payload: newUserInput({ email: 'x@y.test' }),
      },
      { method: 'DELETE' as const, url: `/api/users/${foreign}` },
      { method: 'POST' as const, url: `/api/users/${foreign}/invitation` },
      { method: 'DELETE' as const, url: `/api/users/${foreign}/invitation` },
      { method: 'GET' as const, url: '/api/users?accountId=acc-brightwater' },
      { method: 'GET' as const, url: '/api/users/management?accountId=acc-brightwater' },
      { method: 'GET' as const, url: '/api/users/administrators?accountId=acc-brightwater' },
      { method: 'GET' as const, url: '/api/users/profiles?accountId=acc-brightwater' },
      { method: 'GET' as const, url: '/api/users/permissions?accountId=acc-brightwater' },
      { method: 'GET' as const, url: '/api/users/products?accountId=acc-brightwater' },
      {
        method: 'POST' as const,
        url: '/api/users?accountId=acc-brightwater',
        payload: newUserInput({ email: 'idor@x.test', username: 'idor' }),
      },
    ];
    for (const call of calls) {
      const res = await t.app.inject({ ...call, headers: ifMatch });
      expect([403, 404], `${call.method} ${call.url}`).toContain(res.statusCode);
      // The one error body (ADR 0065), whichever route refused.
      expect(res.headers['content-type'], `${call.method} ${call.url}`).toBe(
        'application/problem+json; charset=utf-8',
      );
    }
    expect(await usersSnapshot()).toBe(before);
    const one = await getWith(`/api/users/${foreign}`, headers);
    expect(one.json()).toEqual({
      type: 'about:blank',
      title: 'Not Found',
      status: 404,
      detail: expect.any(String) as string,
      instance: `/api/users/${foreign}`,
    });
  });

  it('answers a user of another account 404 whatever If-Match says (*, weak, malformed)', async () => {
    const headers = await as(ANNA);
    const foreign = 'u-brightwater-002';
    for (const ifMatch of ['*', 'W/"v1"', 'nonsense']) {
      for (const method of ['PUT', 'DELETE'] as const) {
        const res = await t.app.inject({
          method,
          url: `/api/users/${foreign}`,
          headers: { ...headers, 'if-match': ifMatch },
          ...(method === 'PUT' ? { payload: newUserInput({ email: 'x@y.test' }) } : {}),
        });
        expect(res.statusCode, `${method} ${ifMatch}`).toBe(404);
      }
    }
  });

  it('compares If-Match strongly: a weak W/ tag of the current version is a 412', async () => {
    const headers = await as(ANNA);
    const { user, etag } = await getUser(ANNA, 'u-northwind-011');
    const put = await saveUser(headers, user, `W/${etag}`, { city: 'Alta' });
    expect(put.statusCode).toBe(412);
    const me = await getWith('/api/users/me', headers);
    const own = await putWith(
      '/api/users/me',
      headers,
      `W/${String(me.headers.etag)}`,
      newUserInput(),
    );
    expect(own.statusCode).toBe(412);
    const del = await deleteWith(`/api/users/${user.id}`, headers, `W/${etag}`);
    expect(del.statusCode).toBe(412);
    expect((await getUser(ANNA, user.id)).etag).toBe(etag);
  });

  it('accepts only the billing platform roles offered', async () => {
    const headers = await as(ANNA);
    const { user, etag } = await getUser(ANNA, 'u-northwind-011');
    const bad = await saveUser(headers, user, etag, { billingPlatformRole: 'superadmin' });
    expectFieldErrors(bad, 400, {
      billingPlatformRole: userFormMessages.billingPlatformRoleNotOffered,
    });
    const created = await postUser(
      t.app,
      headers,
      newUserInput({ email: 'billing.role@northwind.test', billingPlatformRole: 'root' }),
    );
    expect(created.statusCode).toBe(400);
    const ok = await saveUser(headers, user, etag, { billingPlatformRole: 'approver' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(accountUserSchema.parse(ok.json()).billingPlatformRole).toBe('approver');
  });

  it('lets a vendor employee with USERMANAGEMENT administer any account', async () => {
    const headers = await as(ERIK);
    const ctx = await getWith('/api/users/management?accountId=acc-brightwater', headers);
    expect(userManagementContextSchema.parse(ctx.json())).toMatchObject({
      accountId: 'acc-brightwater',
      canSwitchAccount: true,
    });
    const list = await getWith('/api/users?accountId=acc-brightwater', headers);
    expect(accountUserListSchema.parse(list.json()).length).toBe(20);
    const one = await getWith('/api/users/u-brightwater-002', headers);
    expect(one.statusCode).toBe(200);
    const learning = await getWith('/api/users/learning-roles', headers);
    expect(learning.json()).toEqual([]); // none for the vendor's own account (§6)
  });

  it('offers only the learning roles of the account’s level (§6)', async () => {
    const res = await getWith('/api/users/learning-roles', await as(ANNA));
    const ids = res.json<{ id: string }[]>().map((r) => r.id);
    expect(ids).toEqual(['learner', 'advanced-learner', 'key-user']);
    const created = await postUser(
      t.app,
      await as(ANNA),
      newUserInput({
        email: 'partner.role@northwind.test',
        username: '',
        learningRole: 'partner-consultant',
      }),
    );
    expectFieldErrors(created, 400, {
      learningRole: userFormMessages.learningRoleNotOffered,
    });
  });

  it('offers the learning roles of the level of the user being edited (§6)', async () => {
    const headers = await as(ANNA);
    // A user of anna's ADVANCED account whose own level is PARTNER.
    await t.db.query(
      `update users set subscription_level = 'PARTNER' where id = 'u-northwind-020'`,
    );
    const rolesOf = async (query: string) => {
      const res = await getWith(`/api/users/learning-roles${query}`, headers);
      return {
        status: res.statusCode,
        ids: res.statusCode === 200 ? res.json<{ id: string }[]>().map((r) => r.id) : [],
      };
    };
    expect(await rolesOf('?userId=u-northwind-020')).toEqual({
      status: 200,
      ids: ['learner', 'partner-consultant'],
    });
    // A new user takes the account's level.
    expect((await rolesOf('')).ids).toEqual(['learner', 'advanced-learner', 'key-user']);
    // Another account's user is none of this account's (IDOR: 404).
    expect((await rolesOf('?userId=u-brightwater-002')).status).toBe(404);
    const { user, etag } = await getUser(ANNA, 'u-northwind-020');
    const given = await saveUser(headers, user, etag, { learningRole: 'partner-consultant' });
    expect(given.statusCode).toBe(200);
    const refused = await saveUser(headers, user, String(given.headers.etag), {
      learningRole: 'key-user',
    });
    expectFieldErrors(refused, 400, {
      learningRole: userFormMessages.learningRoleNotOffered,
    });
  });

  // ADR 0056: an administrator gives only what they hold, and only the account's products.
  describe('roles, permissions and products a user is given', () => {
    const ids = (body: unknown) => (body as { id: string }[]).map((o) => o.id);
    const options = async (email: string, call: string, query = '') => {
      const res = await getWith(`/api/users/${call}${query}`, await as(email));
      expect(res.statusCode, `${call} ${res.body}`).toBe(200);
      return ids(res.json());
    };
    /** The invitation of `email` accepted: the user is Active and may use tokens. */
    const accept = async (email: string) => {
      await t.app.jobs.runDue('users.invitation');
      const { rows } = await t.db.query<{ text_body: string }>(
        'select text_body from mail_outbox where recipient = $1',
        [email],
      );
      const path = /http:\/\/localhost:8080(\/invitation\/[A-Za-z0-9_-]+)/.exec(
        rows.at(-1)?.text_body ?? '',
      )?.[1];
      expect(path).toBeDefined();
      const res = await t.postForm(path!, {
        password: 'a-good-long-password',
        confirm: 'a-good-long-password',
      });
      expect(res.statusCode).toBe(200);
    };
    const meridianUser = (email: string, over: Partial<AccountUserInput> = {}) =>
      newUserInput({ email, username: '', role: 'read-only', learningRole: '', ...over });

    beforeAll(async () => {
      // Paul (a partner) administers his partner account: he holds USERMANAGEMENT and NEWS
      // of the roles' permissions, and PARTNER, SALES, DOCEBO_PARTNER and INVOICES.
      await t.db.query(
        `update users set permissions = permissions || '{USERMANAGEMENT}' where id = 'u-paul'`,
      );
    });

    it('offers the roles and permissions the caller holds and the account’s products', async () => {
      expect(await options(PAUL, 'profiles')).toEqual(['read-only']);
      expect(await options(PAUL, 'permissions')).toEqual([
        'PARTNER',
        'SALES',
        'DOCEBO_PARTNER',
        'INVOICES',
      ]);
      expect((await options(PAUL, 'products')).sort()).toEqual([
        'p-erpx',
        'p-talent-management',
        'p-te',
      ]);
      expect(await options(ANNA, 'profiles')).toEqual([
        'administrator',
        'point-manager',
        'standard',
        'read-only',
      ]);
      expect(await options(ANNA, 'permissions')).toEqual(['DOCEBO', 'INVOICES']);
      expect((await options(ANNA, 'products')).sort()).toEqual(['p-erp', 'p-financials', 'p-fpa']);
      // A vendor employee: the picked account's products, his own permissions.
      expect((await options(ERIK, 'products', '?accountId=acc-meridian')).sort()).toEqual([
        'p-erpx',
        'p-talent-management',
        'p-te',
      ]);
      expect(await options(ERIK, 'permissions', '?accountId=acc-meridian')).toEqual(['SALES']);
    });

    it('makes a partner account’s new user a partner who reaches My Solutions; without, not', async () => {
      const headers = await as(PAUL);
      const res = await postUser(
        t.app,
        headers,
        meridianUser('new.partner@meridian.test', {
          permissions: ['PARTNER'],
          productIds: ['p-erpx'],
        }),
      );
      expect(res.statusCode, res.body).toBe(201);
      const created = accountUserSchema.parse(res.json());
      expect(created.permissions.sort()).toEqual(['NEWS', 'PARTNER']);
      expect(created.productIds).toEqual(['p-erpx']);
      expect((await getUser(PAUL, created.id)).user.productIds).toEqual(['p-erpx']);
      const plain = await postUser(t.app, headers, meridianUser('new.plain@meridian.test'));
      expect(plain.statusCode, plain.body).toBe(201);
      expect(accountUserSchema.parse(plain.json())).toMatchObject({
        permissions: ['NEWS'],
        productIds: [],
      });

      await accept('new.partner@meridian.test');
      await accept('new.plain@meridian.test');
      const get = async (email: string, url: string) =>
        (await getWith(url, await as(email))).statusCode;
      expect(await get('new.partner@meridian.test', '/api/products/p-erpx')).toBe(200);
      expect(await get('new.partner@meridian.test', '/api/products/p-erpx/releases')).toBe(200);
      expect(await get('new.partner@meridian.test', '/api/partner/accounts')).toBe(200);
      // Without the product: a known product not connected is a 403 (issue 13); without
      // PARTNER there are no customer accounts (§7 partner accounts) either.
      expect(await get('new.plain@meridian.test', '/api/products/p-erpx')).toBe(403);
      expect(await get('new.plain@meridian.test', '/api/partner/accounts')).toBe(403);
      const products = await getWith('/api/products', await as('new.plain@meridian.test'));
      expect(products.json<{ connected: boolean }[]>().some((p) => p.connected)).toBe(false);
    });

    it('refuses with 400 a role, permission or product the caller may not give, and changes nothing', async () => {
      const headers = await as(PAUL);
      const before = await usersSnapshot();
      const refusals: [Partial<AccountUserInput>, string, string][] = [
        [{ permissions: ['DOCEBO'] }, 'permissions', userFormMessages.permissionNotGrantable],
        [{ permissions: ['ROOT'] }, 'permissions', userFormMessages.permissionNotGrantable],
        [{ role: 'administrator' }, 'role', userFormMessages.roleNotGrantable],
        // Another account's product, and one nobody has.
        [{ productIds: ['p-erp'] }, 'productIds', userFormMessages.productNotOffered],
        [{ productIds: ['p-nothing'] }, 'productIds', userFormMessages.productNotOffered],
      ];
      for (const [over, field, message] of refusals) {
        const res = await postUser(t.app, headers, meridianUser('refused@meridian.test', over));
        expect(res.statusCode, JSON.stringify(over)).toBe(400);
        expect(problemSchema.parse(res.json())).toMatchObject({
          detail: message,
          errors: [{ field, message }],
        });
      }
      // A vendor employee gives only what he holds, on any account.
      const erik = await t.app.inject({
        method: 'POST',
        url: '/api/users?accountId=acc-meridian',
        headers: await as(ERIK),
        payload: meridianUser('refused@meridian.test', { permissions: ['PARTNER'] }),
      });
      expect(erik.statusCode).toBe(400);
      expect(await usersSnapshot()).toBe(before);
      // A user of another account stays another account's (IDOR: 404).
      const { user, etag } = await getUser(ANNA, 'u-northwind-012');
      const foreign = await saveUser(headers, user, etag, { productIds: ['p-erpx'] });
      expect(foreign.statusCode).toBe(404);
      expect(await usersSnapshot()).toBe(before);
    });

    it('keeps on edit what the administrator may not give or take, and records the change', async () => {
      const headers = await as(ANNA);
      // A Northwind user who is also a partner: anna does not hold PARTNER.
      await t.db.query(
        `update users set permissions = permissions || '{PARTNER}' where id = 'u-northwind-013'`,
      );
      const { user, etag } = await getUser(ANNA, 'u-northwind-013');
      const given = await saveUser(headers, user, etag, {
        permissions: ['DOCEBO'],
        productIds: ['p-fpa', 'p-erp'],
      });
      expect(given.statusCode, given.body).toBe(200);
      const after = accountUserSchema.parse(given.json());
      expect(after.permissions).toEqual(expect.arrayContaining(['PARTNER', 'DOCEBO']));
      expect(after.productIds).toEqual(['p-erp', 'p-fpa']);
      const taken = await saveUser(headers, after, String(given.headers.etag), {
        permissions: [],
        productIds: ['p-erp'],
      });
      expect(taken.statusCode, taken.body).toBe(200);
      const last = accountUserSchema.parse(taken.json());
      expect(last.permissions).toContain('PARTNER');
      expect(last.permissions).not.toContain('DOCEBO');
      expect(last.productIds).toEqual(['p-erp']);
      const audit = await getWith(`/api/users/${user.id}/audit`, headers);
      const [entry] = userAuditSchema.parse(audit.json());
      expect(entry?.changes.find((c) => c.field === 'productIds')).toEqual({
        field: 'productIds',
        before: ['p-erp', 'p-fpa'],
        after: ['p-erp'],
      });
    });
  });

  it('answers a form with errors 400 with the §5 headline and a message per field', async () => {
    const res = await postUser(t.app, await as(ANNA), {
      ...newUserInput(),
      firstName: '',
      email: 'not-an-email',
      phone: '22 12 34 56',
    });
    expectUserFormErrors(res, {
      firstName: userFormMessages.required,
      email: userFormMessages.invalidEmail,
      phone: userFormMessages.invalidPhone,
    });
  });

  it('refuses an e-mail of any account, in any case, with the §5 message', async () => {
    const res = await postUser(
      t.app,
      await as(ANNA),
      newUserInput({ email: 'NINA.Basic@portico.test', username: '' }),
    );
    expectFieldErrors(res, 409, {
      email: userFormMessages.emailExists,
    });
  });

  it('allows one point manager per account, also when two administrators try at once', async () => {
    const headers = await as(ANNA);
    const res = await postUser(
      t.app,
      headers,
      newUserInput({ email: 'pm2@northwind.test', username: '', role: 'point-manager' }),
    );
    expectFieldErrors(res, 409, {
      role: userFormMessages.pointManager,
    });

    // Brightwater: free its point-manager role, then two concurrent claims.
    await t.db.query(`update users set role = 'standard' where account_id = 'acc-brightwater'`);
    const erik = await as(ERIK);
    const claims = await Promise.all(
      [1, 2].map((n) =>
        t.app.inject({
          method: 'POST',
          url: '/api/users?accountId=acc-brightwater',
          headers: erik,
          payload: newUserInput({
            email: `pm-race-${n}@brightwater.test`,
            username: '',
            role: 'point-manager',
            learningRole: '',
          }),
        }),
      ),
    );
    expect(claims.map((c) => c.statusCode).sort()).toEqual([201, 409]);
  });

  it('creates a Pending user whose invitation arrives, works once, and lets them sign in', async () => {
    const headers = await as(ANNA);
    const res = await postUser(t.app, headers, newUserInput());
    expect(res.statusCode).toBe(201);
    const created = accountUserSchema.parse(res.json());
    expect(created.status).toBe('Pending');
    expect(res.headers.etag).toBe('"v1"');

    expect(await t.app.jobs.runDue('users.invitation')).toBeGreaterThanOrEqual(1);
    const { rows } = await t.db.query<{ text_body: string }>(
      `select text_body from mail_outbox where recipient = 'ola.nordmann@northwind.test'`,
    );
    const link = /http:\/\/localhost:8080(\/invitation\/[A-Za-z0-9_-]+)/.exec(
      rows[0]?.text_body ?? '',
    );
    expect(link).not.toBeNull();
    const path = link![1]!;

    expect(
      (await signIn(t.db, hashQueue, 'ola.nordmann@northwind.test', 'anything-at-all', '10.9.9.1'))
        .outcome,
    ).toBe('invalid-credentials');
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Set your Portico password');
    // The signed-out page head it shares with the unsubscribe page: kept out of search
    // engines, never cached, never told to another site (issue 27).
    expect(page.body).toContain('<meta name="robots" content="noindex"/>');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    const short = await t.postForm(path, { password: 'short', confirm: 'short' });
    expect(short.statusCode).toBe(422);
    const accept = await t.postForm(path, {
      password: 'a-good-long-password',
      confirm: 'a-good-long-password',
    });
    expect(accept.statusCode).toBe(200);
    expect(accept.body).toContain('Your password is set');
    const again = await t.app.inject({ method: 'GET', url: path });
    expect(again.statusCode).toBe(404);

    const { user } = await getUser(ANNA, created.id);
    expect(user.status).toBe('Active');
    expect(
      (
        await signIn(
          t.db,
          hashQueue,
          'OLA.nordmann@northwind.test',
          'a-good-long-password',
          '10.9.9.2',
        )
      ).outcome,
    ).toBe('signed-in');
  });

  it('keeps the invitation when the process dies between create and send (job in the same transaction)', async () => {
    const headers = await as(ANNA);
    const res = await postUser(
      t.app,
      headers,
      newUserInput({ email: 'crash@northwind.test', username: '' }),
    );
    expect(res.statusCode).toBe(201);
    // No worker ran: the job is a row. A "restarted" node's queue delivers it.
    const { rows } = await t.db.query<{ n: number }>(
      `select count(*)::integer as n from mail_outbox where recipient = 'crash@northwind.test'`,
    );
    expect(rows[0]?.n).toBe(0);
    expect(await t.app.jobs.runDue('users.invitation')).toBe(1);
    const after = await t.db.query<{ n: number }>(
      `select count(*)::integer as n from mail_outbox where recipient = 'crash@northwind.test'`,
    );
    expect(after.rows[0]?.n).toBe(1);
  });

  it('resends (the old link dies) and revokes invitations', async () => {
    const headers = await as(ANNA);
    const res = await postUser(
      t.app,
      headers,
      newUserInput({ email: 'resend@northwind.test', username: '' }),
    );
    const { id } = accountUserSchema.parse(res.json());
    await t.app.jobs.runDue('users.invitation');
    const first = (
      await t.db.query<{ text_body: string }>(
        `select text_body from mail_outbox where recipient = 'resend@northwind.test'`,
      )
    ).rows[0]!.text_body;
    const resend = await t.app.inject({
      method: 'POST',
      url: `/api/users/${id}/invitation`,
      headers,
    });
    expect(resend.statusCode).toBe(202);
    await t.app.jobs.runDue('users.invitation');
    const oldPath = /(\/invitation\/[A-Za-z0-9_-]+)/.exec(first)![1]!;
    expect((await t.app.inject({ method: 'GET', url: oldPath })).statusCode).toBe(404);
    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/${id}/invitation`,
      headers,
    });
    expect(revoke.statusCode).toBe(204);
    const mails = (
      await t.db.query<{ text_body: string }>(
        `select text_body from mail_outbox where recipient = 'resend@northwind.test' order by id`,
      )
    ).rows;
    expect(mails).toHaveLength(2);
    const newPath = /(\/invitation\/[A-Za-z0-9_-]+)/.exec(mails[1]!.text_body)![1]!;
    expect((await t.app.inject({ method: 'GET', url: newPath })).statusCode).toBe(404);
  });

  it('needs If-Match on writes: 428 without, 412 when stale, one winner of two concurrent saves', async () => {
    const headers = await as(ANNA);
    const { user, etag } = await getUser(ANNA, 'u-northwind-010');
    const payload = { ...inputOf(user), city: 'Tromsø' };
    const missing = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${user.id}`,
      headers,
      payload,
    });
    expect(missing.statusCode).toBe(428);
    const [a, b] = await Promise.all([
      putWith(`/api/users/${user.id}`, headers, etag, payload),
      putWith(`/api/users/${user.id}`, headers, etag, { ...payload, city: 'Bodø' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 412]);
    const loser = a.statusCode === 412 ? a : b;
    expect(problemSchema.parse(loser.json()).detail).toBe(userFormMessages.conflict);
    const del = await deleteWith(`/api/users/${user.id}`, headers, etag);
    expect(del.statusCode).toBe(412);
  });

  it('writes an audit entry with the changed fields before and after, named as the form names them', async () => {
    const headers = await as(ANNA);
    const { user, etag } = await getUser(ANNA, 'u-northwind-011');
    // An old zone name is still accepted (issue 37) and stored by its current name.
    const res = await saveUser(headers, user, etag, {
      city: 'Narvik',
      timeZone: 'Asia/Calcutta',
      firstName: 'Tom',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBe(`"v${user.version + 1}"`);
    expect(accountUserSchema.parse(res.json()).timeZone).toBe('Asia/Kolkata');
    const stored = await t.db.query<{ time_zone: string }>(
      'select time_zone from users where id = $1',
      [user.id],
    );
    expect(stored.rows[0]?.time_zone).toBe('Asia/Kolkata');
    const audit = await getWith(`/api/users/${user.id}/audit`, headers);
    const [entry] = userAuditSchema.parse(audit.json());
    expect(entry).toMatchObject({
      actorName: 'Lindqvist, Anna',
      action: 'updated',
      // The form's order and names: first name, time zone, city.
      changes: [
        { field: 'firstName', before: user.firstName, after: 'Tom' },
        { field: 'timeZone', before: user.timeZone, after: 'Asia/Kolkata' },
        { field: 'city', before: user.city, after: 'Narvik' },
      ],
    });
  });

  it('answers a time zone stored under its old name by its current name, in the user and the audit', async () => {
    const headers = await as(ANNA);
    await t.db.query(`update users set time_zone = 'Europe/Kiev' where id = 'u-northwind-013'`);
    const { user } = await getUser(ANNA, 'u-northwind-013');
    expect(user.timeZone).toBe('Europe/Kyiv');
    const zones = await getWith('/api/content/labels/timezones', headers);
    const keys = zones.json<{ key: string }[]>().map((z) => z.key);
    expect(keys).toEqual(expect.arrayContaining(['Europe/Kyiv', 'Asia/Kolkata', 'America/Nuuk']));
    expect(keys).not.toEqual(expect.arrayContaining(['Europe/Kiev']));
    expect(keys).not.toEqual(expect.arrayContaining(['Asia/Calcutta']));
    // A new user's default: the account's zone (ADR 0069), by its current name too.
    await t.db.query(
      `update accounts set time_zone = 'Asia/Saigon' where id = (select account_id from users where email = $1)`,
      [ANNA],
    );
    const context = await getWith('/api/users/management', headers);
    expect(userManagementContextSchema.parse(context.json()).timeZone).toBe('Asia/Ho_Chi_Minh');
    await t.db.query(`update accounts set time_zone = 'Europe/Oslo'`);
  });

  it('stops every token of a deactivated user at once, and they cannot sign in', async () => {
    const victim = 'u-northwind-012';
    await t.db.query(`update users set status = 'Active' where id = $1`, [victim]);
    const email = (
      await t.db.query<{ email: string }>('select email from users where id = $1', [victim])
    ).rows[0]!.email;
    const token = await as(email);
    expect((await getWith('/api/users/me', token)).statusCode).toBe(200);
    expect((await signIn(t.db, hashQueue, email, 'portico-demo', '10.9.9.3')).outcome).toBe(
      'signed-in',
    );

    const { user, etag } = await getUser(ANNA, victim);
    const res = await saveUser(await as(ANNA), user, etag, { active: false });
    expect(res.statusCode).toBe(200);
    expect(accountUserSchema.parse(res.json()).status).toBe('Inactive');
    expect((await getWith('/api/users/me', token)).statusCode).toBe(401);
    expect((await signIn(t.db, hashQueue, email, 'portico-demo', '10.9.9.4')).outcome).toBe(
      'invalid-credentials',
    );
  });

  it('prevents lock-out: no self delete, deactivate or demote, and never the last administrator', async () => {
    const headers = await as(ANNA);
    const { user, etag } = await getUser(ANNA, 'u-anna');
    const self = (payload: object) => putWith('/api/users/u-anna', headers, etag, payload);
    const deactivate = await self({ ...inputOf(user), active: false });
    expectFieldErrors(deactivate, 409, {
      active: userFormMessages.selfDeactivate,
    });
    const demote = await self({ ...inputOf(user), role: 'standard' });
    expect(fieldErrorsOf(problemSchema.parse(demote.json()))).toEqual({
      role: userFormMessages.selfDemote,
    });
    const del = await deleteWith('/api/users/u-anna', headers, etag);
    expect(del.statusCode).toBe(409);
    expect(problemSchema.parse(del.json()).detail).toBe(userFormMessages.selfDelete);

    // Anna alone as administrator of Northwind: erik (employee) may not remove her either.
    await t.db.query(
      `update users set role = 'standard', permissions = array['NEWS', 'SUPPORT']
        where account_id = 'acc-northwind' and id <> 'u-anna' and role = 'administrator'`,
    );
    const erik = await as(ERIK);
    const removeLast = await deleteWith('/api/users/u-anna', erik, etag);
    expect(removeLast.statusCode).toBe(409);
    expect(problemSchema.parse(removeLast.json()).detail).toBe(userFormMessages.lastAdministrator);
    const demoteLast = await saveUser(erik, user, etag, { role: 'standard' });
    expect(fieldErrorsOf(problemSchema.parse(demoteLast.json()))).toEqual({
      role: userFormMessages.lastAdministrator,
    });
  });

  it('refuses a new user when active plus pending users would pass the licence count', async () => {
    await t.db.query(
      `update accounts set licence_count = (select count(*) from users where account_id = 'acc-northwind' and status <> 'Inactive')
        where id = 'acc-northwind'`,
    );
    const res = await postUser(
      t.app,
      await as(ANNA),
      newUserInput({ email: 'one.too.many@northwind.test', username: '' }),
    );
    expect(res.statusCode).toBe(409);
    expect(problemSchema.parse(res.json()).detail).toBe(userFormMessages.licencesExceeded);
  });

  it('lets every user change their own fields with PUT /api/users/me and If-Match', async () => {
    const headers = await as(NINA);
    const me = await getWith('/api/users/me', headers);
    const etag = String(me.headers.etag);
    expect(etag).toMatch(/^"v\d+"$/);
    const payload = {
      ...newUserInput(),
      firstName: 'Nina-Marie',
      email: 'ignored@x.test',
      role: 'administrator',
    };
    const stale = await putWith('/api/users/me', headers, '"v999"', payload);
    expect(stale.statusCode).toBe(412);
    const res = await putWith('/api/users/me', headers, etag, payload);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      firstName: 'Nina-Marie',
      email: 'nina.basic@portico.test',
      permissions: ['NEWS'],
    });
    const bad = await putWith('/api/users/me', headers, String(res.headers.etag), {
      ...payload,
      firstName: '',
    });
    expectFieldErrors(bad, 400, {
      firstName: userFormMessages.required,
    });
  });

  it('answers 400 naming the field, not 500, for text the database cannot store (PUT /api/users/{id} and /me)', async () => {
    const headers = await as(ANNA);
    const { user, etag } = await getUser(ANNA, 'u-northwind-011');
    const me = await getWith('/api/users/me', headers);
    const userUrl = `/api/users/${user.id}`;
    const meEtag = String(me.headers.etag);
    const cases = [
      { url: userUrl, ifMatch: etag, field: 'firstName', value: 'A\ud800' },
      { url: userUrl, ifMatch: etag, field: 'city', value: '\udc00x' },
      { url: userUrl, ifMatch: etag, field: 'lastName', value: 'L\u0000' },
      { url: '/api/users/me', ifMatch: meEtag, field: 'lastName', value: 'x\ud83dy' },
    ];
    for (const { url, ifMatch, field, value } of cases) {
      const base = url === userUrl ? inputOf(user) : newUserInput();
      const res = await putWith(url, headers, ifMatch, { ...base, [field]: value });
      expectFieldErrors(res, 400, { [field]: UNSTORABLE_TEXT_MESSAGE }, url);
    }
    // A whole emoji (a surrogate pair) is text like any other.
    const ok = await saveUser(headers, user, etag, { city: 'Tromsø 🙂' });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('deletes a user: gone from the list, their token stops working', async () => {
    const headers = await as(ANNA);
    const victim = 'u-northwind-013';
    await t.db.query(`update users set status = 'Active' where id = $1`, [victim]);
    const email = (
      await t.db.query<{ email: string }>('select email from users where id = $1', [victim])
    ).rows[0]!.email;
    const token = await as(email);
    const { etag } = await getUser(ANNA, victim);
    const del = await deleteWith(`/api/users/${victim}`, headers, etag);
    expect(del.statusCode).toBe(204);
    expect((await getWith(`/api/users/${victim}`, headers)).statusCode).toBe(404);
    expect((await getWith('/api/users/me', token)).statusCode).toBe(401);
  });

  it('keeps X-Total-Count exact from stored counts through create, edit, status, role and delete; sorts by last login both ways (ADR 0055)', async () => {
    const headers = await as(ANNA);
    const total = async (filter: string) => {
      const res = await getWith(`/api/users?${filter}`, headers);
      expect(res.statusCode).toBe(200);
      return Number(res.headers['x-total-count']);
    };
    const totals = async () => ({
      all: await total(''),
      'status=Pending': await total('status=Pending'),
      'status=Inactive': await total('status=Inactive'),
      'role=read-only': await total('role=read-only'),
    });
    // What the account really holds, counted row by row.
    const counted = async () => {
      const { rows } = await t.db.query<{ all: number; p: number; i: number; r: number }>(
        `select count(*)::int as all, count(*) filter (where status = 'Pending')::int as p,
                count(*) filter (where status = 'Inactive')::int as i,
                count(*) filter (where role = 'read-only')::int as r
           from users where account_id = 'acc-northwind'`,
      );
      const c = rows[0]!;
      return {
        all: c.all,
        'status=Pending': c.p,
        'status=Inactive': c.i,
        'role=read-only': c.r,
      };
    };
    await t.db.query(`update accounts set licence_count = 10000 where id = 'acc-northwind'`);
    const before = await totals();
    expect(before).toEqual(await counted());

    const created = await postUser(
      t.app,
      headers,
      newUserInput({
        email: 'counted.once@northwind.test',
        username: 'countedonce',
        role: 'read-only',
      }),
    );
    expect(created.statusCode).toBe(201);
    const id = accountUserSchema.parse(created.json()).id;
    const afterCreate = await totals();
    expect(afterCreate).toEqual({
      ...before,
      all: before.all + 1,
      'status=Pending': before['status=Pending'] + 1,
      'role=read-only': before['role=read-only'] + 1,
    });

    // Active after the invitation is accepted (as the accept route does), then deactivated
    // and given another role through the API.
    await t.db.query(`update users set status = 'Active' where id = $1`, [id]);
    const { user, etag } = await getUser(ANNA, id);
    const edited = await saveUser(headers, user, etag, {
      active: false,
      role: 'standard',
      city: 'Tromsø',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await totals()).toEqual({
      ...before,
      all: before.all + 1,
      'status=Inactive': before['status=Inactive'] + 1,
    });

    const del = await deleteWith(`/api/users/${id}`, headers, String(edited.headers.etag));
    expect(del.statusCode).toBe(204);
    expect(await totals()).toEqual(before);
    expect(await totals()).toEqual(await counted());
    // The totals are the stored ones (no count over the account's rows): the same per group.
    const { rows: groups } = await t.db.query<{ k: string; n: number }>(
      `(select account_id || '/' || status || '/' || role as k, count(*)::int as n from users
         where account_id is not null group by 1
        except
        select account_id || '/' || status || '/' || role, users from user_list_counts)
       union all
       (select account_id || '/' || status || '/' || role, users from user_list_counts
         where users > 0
        except
        select account_id || '/' || status || '/' || role, count(*)::int from users
         where account_id is not null group by 1)`,
    );
    expect(groups).toEqual([]);

    // Never signed in (NULL) first ascending, last descending; ties by id.
    const byLogin = async (sort: string) =>
      accountUserListSchema
        .parse((await getWith(`/api/users?sort=${sort}&page=1`, headers)).json())
        .map((u) => u.id);
    const { rows: order } = await t.db.query<{ id: string }>(
      `select id from users where account_id = 'acc-northwind'
        order by last_login_at nulls first, id limit 20`,
    );
    expect(await byLogin('lastLogin')).toEqual(order.map((r) => r.id));
    const { rows: reverse } = await t.db.query<{ id: string }>(
      `select id from users where account_id = 'acc-northwind'
        order by last_login_at desc nulls last, id desc limit 20`,
    );
    expect(await byLogin('-lastLogin')).toEqual(reverse.map((r) => r.id));
  });
});
