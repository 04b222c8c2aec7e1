import { ownSettingsSchema, userFormMessages, userProfileSchema } from '@portico/contracts';
import { describe, expect, it } from 'vitest';
import { appPerSuite } from '../../../test/suite-app.js';
import { expectUserFormErrors } from '../../../test/user-form-errors.js';
import { routeDatabaseKinds } from '../../../test/test-db.js';
import { mintToken } from '../../../test/tokens.js';
import { PAUL, NINA } from '../../../test/demo-emails.js';

describe.each(routeDatabaseKinds())('my settings over %s', (kind) => {
  const t = appPerSuite(kind);
  const { as } = t;

  it('reads the own settings and changes only the fields sent, with the user form’s messages', async () => {
    const headers = await as(NINA);
    const res = await t.app.inject({ method: 'GET', url: '/api/users/me/settings', headers });
    expect(res.statusCode).toBe(200);
    const settings = ownSettingsSchema.parse(res.json());
    expect(settings).toMatchObject({
      email: NINA,
      firstName: 'Nina',
      language: 'en',
      timeZone: 'Europe/Oslo',
    });
    expect(settings.accountName).not.toBe('');
    const etag = String(res.headers.etag);
    const putOwn = (payload: Record<string, string>) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/users/me',
        headers: { ...headers, 'if-match': etag },
        payload,
      });

    const bad = await putOwn({ firstName: '', phone: '12345', timeZone: 'Mars/Base' });
    expectUserFormErrors(bad, {
      firstName: userFormMessages.required,
      phone: userFormMessages.invalidPhone,
      timeZone: userFormMessages.invalidTimeZone,
    });

    const ok = await putOwn({
      language: 'de',
      timeZone: 'America/New_York',
      mobile: '+4799887766',
    });
    expect(ok.statusCode).toBe(200);
    const profile = userProfileSchema.parse(ok.json());
    expect(profile).toMatchObject({
      language: 'de',
      timeZone: 'America/New_York',
      firstName: 'Nina',
    });
    const again = ownSettingsSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/users/me/settings', headers })).json(),
    );
    expect(again).toMatchObject({ mobile: '+4799887766', language: 'de', email: NINA });
  });

  it('signs out everywhere: every earlier token of the caller stops working, others keep theirs', async () => {
    const older = await mintToken(t.app, PAUL, {});
    const bearer = { authorization: `Bearer ${older}` };
    const nina = await as(NINA);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer })).statusCode,
    ).toBe(200);
    await t.db.query(
      `insert into oidc_payloads (id, model, payload, grant_id) values ('test-grant-paul', 'Grant', '{"accountId":"u-paul"}', null)`,
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/sign-out-everywhere',
      headers: await as(PAUL),
    });
    expect(res.statusCode).toBe(204);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer })).statusCode,
    ).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/users/me', headers: nina })).statusCode,
    ).toBe(200);
    const grants = await t.db.query(
      `select 1 from oidc_payloads where payload->>'accountId' = 'u-paul'`,
    );
    expect(grants.rows).toEqual([]);
  });
});
