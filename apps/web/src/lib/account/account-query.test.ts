import type { AccountManager } from '@portico/contracts';
import { createQueryClient } from '../../app/providers.js';
import { describe, expect, it, vi } from 'vitest';
import { useNotificationStore } from '../notifications/notification-store.js';
import {
  itCachesLikeAStartUpSlice,
  itLoadsOneTickAfterAsked,
  resetQuerySliceAroundEach,
} from '../../../test/query-slice-support.js';
import { accountQueryKey, accountQueryOptions } from './account-query.js';

const manager: AccountManager = {
  name: 'Maria Manager',
  email: 'maria@portico.test',
  phoneNumber: '+47 22 00 00 00',
  mobilePhoneNumber: null,
};

// The app's client: its caches hand every failure to the one §8 handler (ADR 0065).
const newClient = () => createQueryClient();
resetQuerySliceAroundEach();

describe('account slice (§4 start-up, §7 GET {api}/account)', () => {
  itLoadsOneTickAfterAsked(
    (client) => client.query(accountQueryOptions()),
    'http://localhost:3000/api/account',
    manager,
    manager,
  );

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

  itCachesLikeAStartUpSlice(accountQueryOptions, (client) => client.query(accountQueryOptions()));
});
