import type { UserProfile } from '@portico/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiUrl } from '../../config/runtime-config.js';
import { isAuthorised } from '../auth/session.js';
import { deferredSchema } from '../http/deferred-schema.js';
import { httpGet } from '../http/http-client.js';

// Start-up answer: checked once the page settles (ADR 0047).
const userProfile = deferredSchema('object', () =>
  import('@portico/contracts/user').then(({ userProfileSchema }) => userProfileSchema),
);

/**
 * The profile slice (§3 User profile, §4 Start-up): loaded once, cached for the session
 * (staleTime Infinity); the refresh action invalidates it. In lib so features can read it.
 */
export const profileQueryKey = ['profile'] as const;

/** GET {api}/users/me; a failure is thrown (the query's one §8 handler shows it). */
export function fetchProfile(signal?: AbortSignal): Promise<UserProfile> {
  return httpGet(apiUrl('users/me'), userProfile, { signal });
}

export const profileQueryOptions = () =>
  queryOptions({
    queryKey: profileQueryKey,
    queryFn: ({ signal }) => fetchProfile(signal),
    staleTime: Infinity,
  });

/** The signed-in user's profile (null until loaded or when signed out). */
export function useProfile(): UserProfile | null {
  const authorised = isAuthorised();
  return useQuery({ ...profileQueryOptions(), enabled: authorised }).data ?? null;
}

/** §6: permissions are strings on the profile; checks are by membership (all must be held). */
export function hasPermissions(
  profile: Pick<UserProfile, 'permissions'> | null | undefined,
  ...required: readonly string[]
): boolean {
  if (!profile) return false;
  return required.every((permission) => profile.permissions.includes(permission));
}
