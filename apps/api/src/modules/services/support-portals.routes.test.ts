// §7 `GET portals` (issue 37, ADR 0070): `GET /api/support/portals` lists the seeded portals,
// and the services' framed portals page lists the very same ones.
import { problemSchema, supportPortalListSchema } from '@portico/contracts';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { appPerSuite, bearersBeforeAll } from '../../../test/suite-app.js';
import { openDesk } from '../../../test/support-desk.js';
import { demoUsers } from '../../seed/users.js';
import { routeDatabaseKinds } from '../../../test/test-db.js';

describe.each(routeDatabaseKinds())('GET /api/support/portals over %s', (kind) => {
  const t = appPerSuite(kind);
  const auth = bearersBeforeAll(t, 'anna');

  const portals = async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/support/portals',
      headers: { authorization: auth.anna },
    });
    expect(res.statusCode).toBe(200);
    return supportPortalListSchema.parse(res.json());
  };

  /** The names on the desk's portals page, opened as the SPA's frame opens it. */
  const framedNames = async (): Promise<string[]> => {
    const cookie = await openDesk(t.app, demoUsers.anna.email, 'portals');
    const page = await t.app.inject({
      method: 'GET',
      url: '/support-desk/portals',
      headers: { cookie },
    });
    expect(page.statusCode).toBe(200);
    const document = new JSDOM(page.body).window.document;
    return [...document.querySelectorAll('.cards h2 a')].map((a) =>
      (a.firstChild?.textContent ?? '').trim(),
    );
  };

  it('lists the seeded portals in their order, each with a name, purpose and address', async () => {
    const list = await portals();
    expect(list.map((p) => p.name)).toEqual([
      'Community',
      'Knowledge base',
      'Service status',
      'Learning platform',
    ]);
    expect(list[2]).toEqual({
      id: 'portal-status',
      name: 'Service status',
      description: 'The live status of our cloud services and planned maintenance.',
      url: 'https://status.portico.test',
    });
  });

  it('reads the table, and the framed portals page lists the same portals', async () => {
    await t.db.query(
      `insert into support_portals (id, name, description, url, sort_order)
       values ('portal-partners', 'Partner hub', 'Resources for partners.', 'https://partners.portico.test', 0)`,
    );
    const names = (await portals()).map((p) => p.name);
    expect(names[0]).toBe('Partner hub');
    expect(await framedNames()).toEqual(names);
  });

  it('answers 401 JSON without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/support/portals' });
    expect(res.statusCode).toBe(401);
    expect(problemSchema.parse(res.json()).status).toBe(401);
  });
});
