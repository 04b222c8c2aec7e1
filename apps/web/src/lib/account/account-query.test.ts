import type { AccountManager } from '@portico/contracts';
import { createQueryClient } from '../../app/providers.js';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { setRuntimeConfig } from '../../config/runtime-config.js';
import { useNotificationStore } from '../notifications/notification-store.js';
import { installTestConfig, TEST_ORIGIN } from '../../../test/test-config.js';
import { accountQueryKey, accountQueryOptions } from './account-query.js';

const manager: AccountManager = {
  name: 'Maria Manager',
  email: 'maria@portico.test',
  phoneNumber: '+47 22 00 00 00',
  mobilePhoneNumber: null,
};

// The app's client: its caches hand every failure to the one §8 handler (ADR 0065).
const newClient = () => createQueryClient();
const requestedUrls = (spy: MockInstance<typeof fetch>) =>
  spy.mock.calls.map(([input]) => String(input instanceof Request ? input.url : input));

beforeEach(() => {
  installTestConfig({ apiBase: `${TEST_ORIGIN}/api` });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  useNotificationStore.getState().clear();
  setRuntimeConfig(null);
});

describe('account slice (§4 start-up, §7 GET {api}/account)', () => {
  it('loads the account manager from {api}/account one tick after it is asked for', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(Response.json(manager));
    const pending = newClient().query(accountQueryOptions());
    for (let i = 0; i < 5; i += 1) await Promise.resolve();
    expect(fetchSpy).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchSpy).toHaveBeenCalledOnce();
    expect(requestedUrls(fetchSpy)).toEqual(['http://localhost:3000/api/account']);
    await expect(pending).resolves.toEqual(manager);
  });

  it('stores "no manager" (204) as null, not as an error', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 204 }));
    await expect(newClient().query(accountQueryOptions())).resolves.toBeNull();
    expect(useNotificationStore.getState().notification).toBeNull();
  });

  it('fetches only while the cache is empty, and once for callers asking together', async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(() => Promise.resolve(Response.json(manager)));
    const client = newClient();
    await Promise.all([client.query(accountQueryOptions()), client.query(accountQueryOptions())]);
    await client.query(accountQueryOptions());
    await client.query({ ...accountQueryOptions(), staleTime: 'static' });
    expect(fetchSpy).toHaveBeenCalledOnce();
    expect(client.getQueryData(accountQueryKey)).toEqual(manager);
  });

  it('never goes stale or out of the cache', () => {
    const options = accountQueryOptions();
    expect(options.staleTime).toBe(Infinity);
    expect(options.gcTime).toBe(Infinity);
  });

  it('reports a failure through the one §8 handler and leaves the cache empty', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 500 }));
    const client = newClient();
    await expect(client.query(accountQueryOptions())).rejects.toMatchObject({ status: 500 });
    expect(useNotificationStore.getState().notification).toMatchObject({ type: 'error' });
    expect(client.getQueryData(accountQueryKey)).toBeUndefined();
  });
});
