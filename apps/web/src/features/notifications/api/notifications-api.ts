import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpointUrl } from '../../../config/runtime-config.js';
import { isAuthorised } from '../../../lib/auth/session.js';
import { deferredSchema } from '../../../lib/http/deferred-schema.js';
import { httpGet, httpSendNoContent } from '../../../lib/http/http-client.js';
import { useNotificationStreamStore } from './notification-stream.js';
import { shownByCaller } from '../../../lib/http/failure-handling.js';

// The bell is on every page from the start: its answer is checked once the page settles.
const notificationList = deferredSchema('object', () =>
  import('@portico/contracts/notifications').then(
    ({ notificationListSchema }) => notificationListSchema,
  ),
);

/** How often the bell asks for news while it has no live stream (ADR 0031, ADR 0054). */
export const NOTIFICATION_POLL_MS = 30_000;

export const notificationsQueryKey = ['notifications'] as const;

/** GET {api}/notifications, as the bell asks for it (and the first requests, ahead of it). */
export const notificationsQueryOptions = () =>
  queryOptions({
    meta: shownByCaller,
    queryKey: notificationsQueryKey,
    // A failed poll is not worth an error notification: the bell simply keeps its count. No
    // abort signal: the bell mounts again when it moves into the header's bar, and the poll
    // already on its way then serves the moved bell instead of being cancelled and sent again.
    queryFn: () => httpGet(endpointUrl('notifications'), notificationList, {}),
    retry: false,
  });

/**
 * The newest notifications and the unread count; kept current by the live stream
 * (notification-stream.ts) and polled only while there is none.
 */
export function useNotifications() {
  const live = useNotificationStreamStore((state) => state.live);
  return useQuery({
    ...notificationsQueryOptions(),
    enabled: isAuthorised(),
    refetchInterval: live ? false : NOTIFICATION_POLL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
  });
}

export async function markNotificationRead(id: string): Promise<void> {
  await httpSendNoContent('POST', endpointUrl('notifications', `${encodeURIComponent(id)}/read`));
}

export async function markAllNotificationsRead(): Promise<void> {
  await httpSendNoContent('POST', endpointUrl('notifications', 'read-all'));
}
