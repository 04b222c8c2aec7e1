import { countriesAndLanguagesSchema } from '@portico/contracts';
import { describe, expect, it } from 'vitest';
import { appPerSuite } from '../../../test/suite-app.js';
import { bearerFor } from '../../../test/tokens.js';

describe('GET /api/users/countries-and-languages', () => {
  const t = appPerSuite();

  it('lists entries keyed like language_COUNTRY with English names for an English profile', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/users/countries-and-languages',
      headers: { authorization: `Bearer ${await bearerFor(t.app, 'anna.customer@portico.test')}` },
    });
    expect(res.statusCode).toBe(200);
    const entries = countriesAndLanguagesSchema.parse(res.json());
    expect(entries['de_AT']).toEqual({
      country: { code: 'AT', name: 'Austria' },
      language: { code: 'de', name: 'German' },
    });
    expect(entries['sv_SE']?.language.name).toBe('Swedish');
    expect(Object.keys(entries).every((k) => /^[a-z]{2}_[A-Z]{2}$/.test(k))).toBe(true);
  });

  it('requires a bearer token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users/countries-and-languages' });
    expect(res.statusCode).toBe(401);
  });
});
