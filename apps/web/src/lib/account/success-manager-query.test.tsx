import type { SuccessManager } from '@portico/contracts';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '../../app/providers.js';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  itCachesLikeAStartUpSlice,
  itLoadsOneTickAfterAsked,
  resetQuerySliceAroundEach,
} from '../../../test/query-slice-support.js';
import { useNotificationStore } from '../notifications/notification-store.js';
import {
  successManagerQueryKey,
  successManagerQueryOptions,
  useSuccessManager,
} from './success-manager-query.js';

const manager: SuccessManager = {
  name: 'Sam Success',
  email: 'sam@portico.test',
  phoneNumber: null,
  mobilePhoneNumber: '+47 900 00 001',
};

// The app's client: its caches hand every failure to the one §8 handler (ADR 0065).
const newClient = () => createQueryClient();
function withClient(client: QueryClient) {
  return function Wrapper({ children }: { children: ReactNode }) {
    return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  };
}

resetQuerySliceAroundEach();

describe('success-manager slice (§3, §4 start-up, §7 GET {api}/successmanager)', () => {
  itLoadsOneTickAfterAsked(
    (client) => client.query(successManagerQueryOptions()),
    'http://localhost:3000/api/successmanager',
    manager,
    { result: manager, error: false },
  );

  it('stores a 204 as the error flag with no result, without telling the user of an error', async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(() => Promise.resolve(new Response(null, { status: 204 })));
    const client = newClient();
    await expect(client.query(successManagerQueryOptions())).resolves.toEqual({
      result: null,
      error: true,
    });
    expect(useNotificationStore.getState().notification).toBeNull();
    // The flag is a cached value: it is not asked for again.
    await client.query(successManagerQueryOptions());
    expect(fetchSpy).toHaveBeenCalledOnce();
  });

  it('fetches only while the cache is empty, and once for hooks asking together', async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(() => Promise.resolve(Response.json(manager)));
    const client = newClient();
    const both = renderHook(() => [useSuccessManager(), useSuccessManager()] as const, {
      wrapper: withClient(client),
    });
    await waitFor(() => expect(both.result.current[0].data).toBeDefined());
    expect(both.result.current[1].data).toEqual({ result: manager, error: false });

    const later = renderHook(() => useSuccessManager(), { wrapper: withClient(client) });
    expect(later.result.current.data).toEqual({ result: manager, error: false });
    await client.query({ ...successManagerQueryOptions(), staleTime: 'static' });
    expect(fetchSpy).toHaveBeenCalledOnce();
    expect(client.getQueryData(successManagerQueryKey)).toEqual({ result: manager, error: false });
  });

  itCachesLikeAStartUpSlice(successManagerQueryOptions, (client) =>
    client.query(successManagerQueryOptions()),
  );

  it('treats an answer of the wrong shape as a failure, not as a manager', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(Response.json({ name: 'No e-mail' }));
    const client = newClient();
    const hook = renderHook(() => useSuccessManager(), { wrapper: withClient(client) });
    await waitFor(() => expect(hook.result.current.isError).toBe(true));
    expect(hook.result.current.data).toBeUndefined();
    expect(useNotificationStore.getState().notification).toMatchObject({ type: 'error' });
  });
});
