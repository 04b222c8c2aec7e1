import { problemSchema } from '@portico/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { appPerSuite } from '../../../test/suite-app.js';
import { routeDatabaseKinds } from '../../../test/test-db.js';

const customerAccounts = z.array(
  z
    .object({
      id: z.string(),
      name: z.string(),
      enterpriseCustomerId: z.string().nullable(),
      dynamicsCustomerId: z.string().nullable(),
    })
    .strict(),
);

describe.each(routeDatabaseKinds())('GET /api/partner/accounts over %s', (kind) => {
  const t = appPerSuite(kind);
  const get = (email: string) => t.get(email, '/api/partner/accounts');

  it("gives paul (PARTNER) his partner account's customer accounts, by name", async () => {
    const res = await get('paul.partner@portico.test');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    const accounts = customerAccounts.parse(res.json());
    expect(accounts.map((a) => a.name)).toEqual([
      'Harbourline Ferries Ltd',
      'Kestrel Aerospace GmbH',
      'Northwind Logistics AS',
    ]);
    expect(accounts[2]).toEqual({
      id: 'acc-northwind',
      name: 'Northwind Logistics AS',
      enterpriseCustomerId: 'ECI-100482',
      dynamicsCustomerId: 'DYN-CUST-004821',
    });
  });

  it('answers 403 JSON to everyone without PARTNER', async () => {
    for (const email of [
      'anna.customer@portico.test',
      'nina.basic@portico.test',
      'erik.employee@portico.test',
    ]) {
      const res = await get(email);
      expect(res.statusCode, email).toBe(403);
      expect(problemSchema.parse(res.json())).toMatchObject({
        status: 403,
        title: 'Forbidden',
      });
    }
  });

  it('answers 401 without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/partner/accounts' });
    expect(res.statusCode).toBe(401);
  });

  it('follows the links of the partner account, not a fixed list', async () => {
    await t.db.query(
      `delete from partner_customer_accounts where customer_account_id = 'acc-kestrel'`,
    );
    const accounts = customerAccounts.parse((await get('paul.partner@portico.test')).json());
    expect(accounts.map((a) => a.id)).toEqual(['acc-harbourline', 'acc-northwind']);
  });
});
