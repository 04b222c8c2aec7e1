import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setupTestServer } from '../../../test/msw.js';
import { installTestConfig } from '../../../test/test-config.js';
import { signIn, url } from '../../../test/app-test-harness.js';
import {
  fetchCountriesAndLanguages,
  localizeCountriesAndLanguages,
  useCountriesAndLanguages,
} from './countries-and-languages-query.js';

const server = setupTestServer();

const norway = { country: { code: 'NO', name: 'Norway' }, language: { code: 'no', name: 'Norsk' } };
const uk = {
  country: { code: 'GB', name: 'United Kingdom' },
  language: { code: 'en', name: 'English' },
};

beforeEach(() => {
  installTestConfig();
  signIn();
});

describe('countries and languages (§3, §4)', () => {
  it('reads the entries keyed like language_COUNTRY', async () => {
    server.use(
      http.get(url('/api/users/countries-and-languages'), () =>
        HttpResponse.json({ no_NO: norway, en_GB: uk }),
      ),
    );
    expect(await fetchCountriesAndLanguages()).toEqual({ no_NO: norway, en_GB: uk });
  });

  it('loads once when asked for and then comes from the cache', async () => {
    let calls = 0;
    server.use(
      http.get(url('/api/users/countries-and-languages'), () => {
        calls++;
        return HttpResponse.json({ en_GB: uk });
      }),
    );
    const client = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const first = renderHook(() => useCountriesAndLanguages(), { wrapper });
    await waitFor(() => expect(first.result.current.data?.en_GB).toEqual(uk));
    const second = renderHook(() => useCountriesAndLanguages(), { wrapper });
    expect(second.result.current.data?.en_GB).toEqual(uk);
    expect(calls).toBe(1);
  });

  it('names every ISO 3166 country and each language in its own name (issue 27)', () => {
    const entries = localizeCountriesAndLanguages(
      { no_NO: { ...norway, language: { code: 'no', name: 'Norwegian' } }, en_GB: uk },
      'de',
    );
    const countries = new Map(Object.values(entries).map((e) => [e.country.code, e.country.name]));
    expect(countries.size).toBeGreaterThanOrEqual(240);
    expect(countries.get('NO')).toBe('Norwegen');
    expect(countries.get('CI')).toBe('Côte d’Ivoire');
    expect(entries['no_NO']?.language.name).toBe('Norsk');
    expect(entries['en_DE']?.country.name).toBe('Deutschland');
  });
});
