import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setupTestServer } from '../../testing/msw.js';
import { installTestConfig } from '../../testing/test-config.js';
import { signIn, url } from '../../app/app-test-harness.js';
import {
  fetchCountriesAndLanguages,
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
    await waitFor(() => expect(first.result.current.data).toEqual({ en_GB: uk }));
    const second = renderHook(() => useCountriesAndLanguages(), { wrapper });
    expect(second.result.current.data).toEqual({ en_GB: uk });
    expect(calls).toBe(1);
  });
});
