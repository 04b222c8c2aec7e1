import { describe, expect, it } from 'vitest';
import { dbPerSuite } from '../../test/suite-app.js';
import { databaseKinds } from '../../test/test-db.js';
import { seedDemo } from './seed.js';
import { demoCases, seedSupportDesk } from './support-desk.js';

describe.each(databaseKinds())('support desk demo seed over %s', (kind) => {
  const t = dbPerSuite(kind);

  const counts = async () =>
    (
      await t.db.query<Record<string, number>>(
        `select (select count(*)::int from support_cases where number like 'CS000100%') as cases,
                (select count(*)::int from service_catalog_items) as catalogue,
                (select count(*)::int from support_portals) as portals,
                (select count(*)::int from account_contacts) as contacts,
                (select count(*)::int from partner_customer_accounts) as links`,
      )
    ).rows[0];

  it('seeds cases for anna, paul and nina, the catalogue, portals, contacts and partner links', async () => {
    expect(await counts()).toEqual({
      cases: demoCases.length,
      catalogue: expect.any(Number) as number,
      portals: 4,
      contacts: 6,
      links: 3,
    });
    const { rows } = await t.db.query<{ account_id: string; n: number }>(
      `select account_id, count(*)::int as n from support_cases group by account_id order by 1`,
    );
    expect(rows).toEqual(
      expect.arrayContaining([
        { account_id: 'acc-northwind', n: 5 },
        { account_id: 'acc-meridian', n: 2 },
      ]),
    );
  });

  it('is idempotent, and fills in a database seeded before the desk existed', async () => {
    const before = await counts();
    await seedSupportDesk(t.db, new Date());
    await seedDemo(t.db);
    expect(await counts()).toEqual(before);

    await t.db.exec(
      `delete from support_cases; delete from support_portals; delete from account_contacts;
       delete from partner_customer_accounts;`,
    );
    await seedDemo(t.db);
    expect(await counts()).toEqual(before);
  });

  it('numbers new cases after the seeded ones', async () => {
    const { rows } = await t.db.query<{ number: string }>(
      `insert into support_cases (account_id, title) values ('acc-northwind', 'x') returning number`,
    );
    expect(rows[0]?.number).toMatch(/^CS\d{7}$/);
    expect(Number(rows[0]?.number.slice(2))).toBeGreaterThan(1008);
  });
});
