import { problemSchema, userProfileSchema } from '@portico/contracts';
import { describe, expect, it } from 'vitest';
import { appPerSuite } from '../../../test/suite-app.js';
import { routeDatabaseKinds } from '../../../test/test-db.js';

describe.each(routeDatabaseKinds())('GET /api/users/me over %s', (kind) => {
  const t = appPerSuite(kind);
  const { as: asUser } = t;

  it("returns anna's full §3 profile with her account and connected products", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: await asUser('anna.customer@portico.test'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    const profile = userProfileSchema.parse(res.json());
    expect(profile).toEqual({
      id: 'u-anna',
      firstName: 'Anna',
      lastName: 'Lindqvist',
      email: 'anna.customer@portico.test',
      language: 'en',
      subscriptionLevel: 'ADVANCED',
      unit4Employee: false,
      permissions: [
        'NEWS',
        'SUPPORT',
        'SUPPORT_SERVICE_NOW',
        'USERMANAGEMENT',
        'DOCEBO',
        'INVOICES',
      ],
      connectedProducts: [
        { contentId: '6f1d2c0a-7b3e-4d5a-9c1e-0a1b2c3d4e01', productName: 'ERP', slug: 'erp' },
        {
          contentId: '6f1d2c0a-7b3e-4d5a-9c1e-0a1b2c3d4e03',
          productName: 'Financials',
          slug: 'financials',
        },
        { contentId: '6f1d2c0a-7b3e-4d5a-9c1e-0a1b2c3d4e04', productName: 'FP&A', slug: 'fpa' },
      ],
      enterpriseCustomerId: 'ECI-100482',
      companyName: 'Northwind Logistics AS',
      dynamicsCustomerId: 'DYN-CUST-004821',
      timeZone: 'Europe/Oslo',
    });
  });

  it('answers each demo user with their own permissions, level and employee flag', async () => {
    const expected = {
      'paul.partner@portico.test': {
        id: 'u-paul',
        level: 'PARTNER',
        employee: false,
        permissions: ['PARTNER', 'NEWS', 'SALES', 'DOCEBO_PARTNER', 'INVOICES'],
      },
      'erik.employee@portico.test': {
        id: 'u-erik',
        level: null,
        employee: true,
        permissions: ['NEWS', 'SUPPORT', 'USERMANAGEMENT', 'SUPPORT_SERVICE_NOW', 'SALES'],
      },
      'nina.basic@portico.test': {
        id: 'u-nina',
        level: 'PROFESSIONAL',
        employee: false,
        permissions: ['NEWS'],
      },
    } as const;
    for (const [email, want] of Object.entries(expected)) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/users/me',
        headers: await asUser(email),
      });
      expect(res.statusCode).toBe(200);
      const profile = userProfileSchema.parse(res.json());
      expect(profile.id).toBe(want.id);
      expect(profile.email).toBe(email);
      expect(profile.subscriptionLevel).toBe(want.level);
      expect(profile.unit4Employee).toBe(want.employee);
      expect(profile.permissions).toEqual(want.permissions);
    }
  });

  it("lists paul's connected products and none for nina", async () => {
    const paul = userProfileSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/users/me',
          headers: await asUser('paul.partner@portico.test'),
        })
      ).json(),
    );
    expect(paul.connectedProducts.map((p) => p.slug)).toEqual(['erpx', 'talent-management', 'te']);
    expect(paul.companyName).toBe('Meridian Consulting Group Ltd');
    const nina = userProfileSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/users/me',
          headers: await asUser('nina.basic@portico.test'),
        })
      ).json(),
    );
    expect(nina.connectedProducts).toEqual([]);
  });

  it('answers 401 JSON without a token or with a bad one', async () => {
    for (const headers of [
      {},
      { authorization: 'Bearer not-a-jwt' },
      { authorization: 'Basic YW5uYTp4' },
    ]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/users/me', headers });
      expect(res.statusCode).toBe(401);
      expect(problemSchema.parse(res.json()).status).toBe(401);
    }
  });

  it('answers 401 JSON when the token is valid but the user row is gone (checked per call)', async () => {
    const headers = await asUser('nina.basic@portico.test');
    await t.db.query("delete from users where id = 'u-nina'");
    const res = await t.app.inject({ method: 'GET', url: '/api/users/me', headers });
    expect(res.statusCode).toBe(401);
    expect(problemSchema.parse(res.json())).toMatchObject({
      status: 401,
      title: 'Unauthorized',
    });
  });
});
