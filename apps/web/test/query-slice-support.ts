import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { afterEach, beforeEach, expect, it, vi, type MockInstance } from 'vitest';
import { createQueryClient } from '../src/app/providers.js';
import { setRuntimeConfig } from '../src/config/runtime-config.js';
import { useNotificationStore } from '../src/lib/notifications/notification-store.js';
import { installTestConfig, TEST_ORIGIN } from './test-config.js';

/** The addresses a fetch spy was called with, in order. */
export function requestedUrls(spy: MockInstance<typeof fetch>): string[] {
  return spy.mock.calls.map(([input]) => String(input instanceof Request ? input.url : input));
}

/**
 * What every test of a start-up query slice sets up and clears: the API under the test origin
 * before; after, real timers, no mock, notification or runtime configuration.
 */
export function resetQuerySliceAroundEach(): void {
  beforeEach(() => {
    installTestConfig({ apiBase: `${TEST_ORIGIN}/api` });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    useNotificationStore.getState().clear();
    setRuntimeConfig(null);
  });
}

/**
 * A test that the slice's query fetches `url` once, a tick after it is asked for (start-up
 * requests go out together), and that `body` as the answer resolves to `expected`.
 */
export function itLoadsOneTickAfterAsked(
  query: (client: QueryClient) => Promise<unknown>,
  url: string,
  body: unknown,
  expected: unknown,
): void {
  it(`loads ${url} one tick after it is asked for`, async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(Response.json(body));
    // The app's client: its caches hand every failure to the one §8 handler (ADR 0065).
    const pending = query(createQueryClient());
    for (let i = 0; i < 5; i += 1) await Promise.resolve();
    expect(fetchSpy).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchSpy).toHaveBeenCalledOnce();
    expect(requestedUrls(fetchSpy)).toEqual([url]);
    await expect(pending).resolves.toEqual(expected);
  });
}

/**
 * The cache rules every start-up slice shares, as tests: kept for the whole session, and a
 * failure reported through the one §8 handler without leaving anything in the cache.
 */
export function itCachesLikeAStartUpSlice(
  options: () => { queryKey: QueryKey; staleTime?: unknown; gcTime?: unknown },
  query: (client: QueryClient) => Promise<unknown>,
): void {
  it('never goes stale or out of the cache', () => {
    expect(options().staleTime).toBe(Infinity);
    expect(options().gcTime).toBe(Infinity);
  });

  it('reports a failure through the one §8 handler and leaves the cache empty', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 500 }));
    // The app's client: its caches hand every failure to the one §8 handler (ADR 0065).
    const client = createQueryClient();
    await expect(query(client)).rejects.toMatchObject({ status: 500 });
    expect(useNotificationStore.getState().notification).toMatchObject({ type: 'error' });
    expect(client.getQueryData(options().queryKey)).toBeUndefined();
  });
}
