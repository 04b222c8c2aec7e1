import { accountManagerSchema } from '@portico/contracts';
import { describe, expect, it } from 'vitest';
import { appPerSuite } from '../../../test/suite-app.js';
import { routeDatabaseKinds } from '../../../test/test-db.js';
import { bearerFor } from '../../../test/tokens.js';
import { expectProblems } from '../../../test/expect-problems.js';

describe.each(routeDatabaseKinds())('account and success manager over %s', (kind) => {
  const t = appPerSuite(kind);
  const get = (url: string, email: string) => t.get(email, url);

  it("GET /api/account returns anna's account manager", async () => {
    const res = await get('/api/account', 'anna.customer@portico.test');
    expect(res.statusCode).toBe(200);
    expect(accountManagerSchema.strict().parse(res.json())).toEqual({
      name: 'Sofia Marquez',
      email: 'sofia.marquez@portico.test',
      phoneNumber: '+31 30 760 4410',
      mobilePhoneNumber: '+31 6 4172 9935',
    });
  });

  it("GET /api/successmanager returns anna's success manager, with no mobile number", async () => {
    const res = await get('/api/successmanager', 'anna.customer@portico.test');
    expect(res.statusCode).toBe(200);
    expect(accountManagerSchema.parse(res.json())).toEqual({
      name: 'Jonas Eriksen',
      email: 'jonas.eriksen@portico.test',
      phoneNumber: '+47 22 94 18 60',
      mobilePhoneNumber: null,
    });
  });

  it('answers 204 with no body when the account has no such manager', async () => {
    for (const [url, email] of [
      ['/api/account', 'nina.basic@portico.test'],
      ['/api/successmanager', 'nina.basic@portico.test'],
      ['/api/successmanager', 'paul.partner@portico.test'],
      ['/api/account', 'erik.employee@portico.test'],
    ] as const) {
      const res = await get(url, email);
      expect(res.statusCode, `${url} for ${email}`).toBe(204);
      expect(res.body).toBe('');
    }
  });

  it("gives each caller their own account's manager", async () => {
    const res = await get('/api/account', 'paul.partner@portico.test');
    expect(res.statusCode).toBe(200);
    expect(accountManagerSchema.parse(res.json()).name).toBe("Liam O'Connor");
  });

  it('answers 401 JSON without a token', async () => {
    await expectProblems(['/api/account', '/api/successmanager'], 401, (url) =>
      t.app.inject({ method: 'GET', url }),
    );
  });

  it('answers 401 JSON when the user row is gone (checked per call)', async () => {
    const headers = {
      authorization: `Bearer ${await bearerFor(t.app, 'anna.customer@portico.test')}`,
    };
    await t.db.query("delete from users where id = 'u-anna'");
    await expectProblems(['/api/account', '/api/successmanager'], 401, (url) =>
      t.app.inject({ method: 'GET', url, headers }),
    );
  });
});
