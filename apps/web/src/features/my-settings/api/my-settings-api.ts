import {
  ownSettingsSchema,
  subscriptionListSchema,
  userProfileSchema,
  type OwnProfileInput,
  type OwnSettings,
  type Subscription,
  type SubscriptionList,
} from '@portico/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiUrl } from '../../../config/runtime-config.js';
import { httpGet, httpSend, httpSendNoContent } from '../../../lib/http/http-client.js';
import { shownByCaller } from '../../../lib/http/failure-handling.js';

/** GET {api}/users/me/settings: the caller's own editable fields (issue 12). */
export const ownSettingsQueryKey = ['my-settings', 'settings'] as const;
export const ownSettingsQueryOptions = () =>
  queryOptions({
    meta: shownByCaller,
    queryKey: ownSettingsQueryKey,
    // The page's data: an error is the page's error state with a retry (issue 27).
    queryFn: ({ signal }) => httpGet(apiUrl('users/me/settings'), ownSettingsSchema, { signal }),
  });
export const useOwnSettings = () => useQuery(ownSettingsQueryOptions());

/** PUT {api}/users/me with If-Match; throws HttpError so the form shows the field messages. */
export function saveOwnSettings(current: OwnSettings, input: OwnProfileInput) {
  return httpSend('PUT', apiUrl('users/me'), input, userProfileSchema, {
    headers: { 'If-Match': `"v${current.version}"` },
  });
}

/** POST {api}/users/me/sign-out-everywhere: every token and grant of the caller is revoked. */
export async function signOutEverywhere(): Promise<void> {
  await httpSendNoContent('POST', apiUrl('users/me/sign-out-everywhere'));
}

/** GET {api}/subscriptions (§7 GET e-mail subscriptions). */
export const subscriptionsQueryKey = ['my-settings', 'subscriptions'] as const;
export const useSubscriptions = () =>
  useQuery({
    meta: shownByCaller,
    queryKey: subscriptionsQueryKey,
    queryFn: ({ signal }) => httpGet(apiUrl('subscriptions'), subscriptionListSchema, { signal }),
  });

/** POST {api}/subscriptions (§7 POST e-mail subscriptions). */
export function saveSubscriptions(subscriptions: Subscription[]): Promise<SubscriptionList> {
  return httpSend('POST', apiUrl('subscriptions'), { subscriptions }, subscriptionListSchema);
}
