import type { NotificationList } from '@portico/contracts';
import { NOTIFICATION_PAGE_SIZE, NOTIFICATION_STREAM_EVENTS } from '@portico/contracts/values';
import type { QueryClient } from '@tanstack/react-query';
import { create } from 'zustand';
import { endpointUrl } from '../../../config/runtime-config.js';
import { isAuthorised } from '../../../lib/auth/session.js';
import { deferredSchema, whenQuiet } from '../../../lib/http/deferred-schema.js';
import { buildUrl, httpGet } from '../../../lib/http/http-client.js';
import { handleFailure } from '../../../lib/http/failure-handling.js';
import { HttpError } from '../../../lib/http/http-error.js';

// zod and the schemas stay off the start-up path (ADR 0047): the stream opens once the page is
// quiet with a ticket checked like the other start-up answers (deferred), and its schemas are
// loaded with its first event, which is checked with them. Destructured, so the bundler keeps
// only these schemas in the chunk it loads (a whole namespace would bring every contract's
// schemas, built when the chunk runs: issue 25, TBT).
const loadContracts = () =>
  import('@portico/contracts/notifications').then(
    ({ notificationCountSchema, notificationEventSchema, notificationRemovedEventSchema }) => ({
      notificationCountSchema,
      notificationEventSchema,
      notificationRemovedEventSchema,
    }),
  );
const streamTicket = deferredSchema('object', () =>
  import('@portico/contracts/notifications').then(
    ({ notificationStreamTicketSchema }) => notificationStreamTicketSchema,
  ),
);

/** The first wait after a dropped stream; doubled on each failure up to the maximum. */
export const STREAM_RETRY_MIN_MS = 1000;
export const STREAM_RETRY_MAX_MS = 60_000;

interface StreamState {
  /** A stream is open: the bell needs no polling. */
  live: boolean;
}

/** Whether the live stream is open (ADR 0054); the bell polls only while it is not. */
export const useNotificationStreamStore = create<StreamState>()(() => ({ live: false }));

const setLive = (live: boolean): void => {
  if (useNotificationStreamStore.getState().live !== live) {
    useNotificationStreamStore.setState({ live });
  }
};

/**
 * A wait of about `ms` (between half and all of it), so that clients refused together (a full
 * node, a restart) do not all come back in the same instant.
 */
const jittered = (ms: number): number => ms / 2 + Math.random() * (ms / 2);

/** Whether another try can succeed: not when the server has no stream or refuses this user. */
const worthRetrying = (error: unknown): boolean =>
  !(error instanceof HttpError) || ![400, 403, 404].includes(error.status);

/**
 * Keeps one EventSource open to GET {api}/notifications/stream (ADR 0054) and writes what it
 * brings into the bell's query: a new notification at the top, the unread count. An
 * EventSource cannot send the bearer token, so each connection starts with a one-time ticket
 * fetched with it; the browser's own reconnection would reuse a spent ticket, so on any drop
 * the source is closed and a new one opened here, after a back-off (1 s, doubling, at most
 * 60 s; a clean end by the server, e.g. a node stopping, only after a short random pause),
 * resuming after the last event seen (`lastEventId`); waits are jittered, and a 429 for the
 * ticket (too many streams) waits at least its Retry-After while the bell polls. Returns a
 * function that stops it.
 */
function run(queryClient: QueryClient, queryKey: readonly unknown[]): () => void {
  let source: EventSource | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let connecting = false;
  let lastEventId: string | undefined;
  let delay = STREAM_RETRY_MIN_MS;
  let opens = 0;
  // A function: the answer may change while the ticket is on its way.
  const unwanted = (): boolean => stopped || document.hidden;

  const retry = (wait: number): void => {
    setLive(false);
    if (stopped) return;
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, wait);
  };

  // Events are handled in order, each once the schemas are in (loaded with the first one).
  let contracts: ReturnType<typeof loadContracts> | undefined;
  let handled = Promise.resolve();
  const inOrder = (handle: (schemas: Awaited<ReturnType<typeof loadContracts>>) => void): void => {
    const loaded = (contracts ??= loadContracts());
    handled = handled
      .then(() => loaded)
      .then(handle)
      .catch((error: unknown) => console.error('Could not handle a notification event', error));
  };

  const onNotification = (event: MessageEvent<string>): void => {
    if (event.lastEventId) lastEventId = event.lastEventId;
    inOrder(({ notificationEventSchema }) => {
      const parsed = notificationEventSchema.safeParse(JSON.parse(event.data));
      if (!parsed.success) return;
      const { notification, unreadCount } = parsed.data;
      const current = queryClient.getQueryData<NotificationList>(queryKey);
      if (!current) {
        void queryClient.invalidateQueries({ queryKey });
        return;
      }
      queryClient.setQueryData<NotificationList>(queryKey, {
        items: [notification, ...current.items.filter((n) => n.id !== notification.id)].slice(
          0,
          NOTIFICATION_PAGE_SIZE,
        ),
        unreadCount,
      });
    });
  };

  const onUnread = (event: MessageEvent<string>): void => {
    inOrder(({ notificationCountSchema }) => {
      const parsed = notificationCountSchema.safeParse(JSON.parse(event.data));
      const current = queryClient.getQueryData<NotificationList>(queryKey);
      if (parsed.success && current) {
        queryClient.setQueryData<NotificationList>(queryKey, { ...current, ...parsed.data });
      }
      // Which ones were read is in the list: read it again.
      void queryClient.invalidateQueries({ queryKey });
    });
  };

  // A news item went: its notifications leave the bell as they are, without a refetch.
  const onRemoved = (event: MessageEvent<string>): void => {
    inOrder(({ notificationRemovedEventSchema }) => {
      const parsed = notificationRemovedEventSchema.safeParse(JSON.parse(event.data));
      const current = queryClient.getQueryData<NotificationList>(queryKey);
      if (!parsed.success || !current) return;
      const gone = new Set(parsed.data.ids);
      queryClient.setQueryData<NotificationList>(queryKey, {
        items: current.items.filter((n) => !gone.has(n.id)),
        unreadCount: parsed.data.unreadCount,
      });
    });
  };

  const connect = async (): Promise<void> => {
    // A hidden tab holds no stream (a browser allows few connections per server over
    // HTTP/1.1, shared by all tabs); it connects again when shown.
    if (unwanted() || connecting || source) return;
    if (typeof EventSource === 'undefined' || !isAuthorised()) return; // polling only
    let ticket: string;
    connecting = true;
    try {
      const answer = await httpGet(endpointUrl('notifications', 'stream-ticket'), streamTicket);
      ticket = answer.ticket;
    } catch (error) {
      // A 401 still starts sign-in; the bell shows nothing else for a stream that did not open.
      handleFailure(error, 'caller');
      // 429: the user holds as many streams as allowed (other tabs, devices). The bell polls
      // meanwhile; the next try comes no sooner than the server asked.
      const asked = error instanceof HttpError ? (error.retryAfterS ?? 0) * 1000 : 0;
      if (worthRetrying(error)) retry(Math.max(asked, jittered(delay)));
      delay = Math.min(delay * 2, STREAM_RETRY_MAX_MS);
      return;
    } finally {
      connecting = false;
    }
    if (unwanted()) return;
    // The first stream starts after the newest notification the bell has, so nothing written
    // between reading the list and opening the stream is lost; with no list yet, it is read
    // again once the stream is open.
    const known = queryClient.getQueryData<NotificationList>(queryKey);
    lastEventId ??= known ? (known.items[0]?.id ?? '0') : undefined;
    const catchUpOnOpen = lastEventId === undefined;
    const url = buildUrl(endpointUrl('notifications', 'stream'), { t: ticket, lastEventId });
    const opened = new EventSource(url.href);
    source = opened;
    opened.addEventListener('open', () => {
      opens += 1;
      delay = STREAM_RETRY_MIN_MS;
      setLive(true);
      // Back after a drop: the new notifications are replayed, but read marks made meanwhile
      // (in another tab) are not. One read of the list brings those.
      if (opens > 1 || catchUpOnOpen) void queryClient.invalidateQueries({ queryKey });
    });
    opened.addEventListener(NOTIFICATION_STREAM_EVENTS.notification, onNotification);
    opened.addEventListener(NOTIFICATION_STREAM_EVENTS.unread, onUnread);
    opened.addEventListener(NOTIFICATION_STREAM_EVENTS.removed, onRemoved);
    opened.addEventListener('error', () => {
      // Dropped, ended by the server, or refused: never let the browser retry the spent ticket.
      const wasOpen = source === opened && useNotificationStreamStore.getState().live;
      opened.close();
      if (source !== opened) return;
      source = undefined;
      if (wasOpen) {
        retry(Math.random() * STREAM_RETRY_MIN_MS); // spread the reconnects of a stopping node
      } else {
        // Refused (an EventSource cannot tell why: a spent ticket, a full node's 429) or failed.
        retry(jittered(delay));
        delay = Math.min(delay * 2, STREAM_RETRY_MAX_MS);
      }
    });
  };

  const close = (): void => {
    clearTimeout(timer);
    timer = undefined;
    source?.close();
    source = undefined;
    setLive(false);
  };
  const onVisibility = (): void => {
    if (document.hidden) close();
    else if (!timer) void connect();
  };
  document.addEventListener('visibilitychange', onVisibility);
  whenQuiet(() => void connect());
  return () => {
    stopped = true;
    document.removeEventListener('visibilitychange', onVisibility);
    close();
  };
}

let holders = 0;
let stop: (() => void) | undefined;

/**
 * Opens the tab's one notification stream while anything holds it (the bell; effects that run
 * twice share it); returns the release.
 */
export function holdNotificationStream(
  queryClient: QueryClient,
  queryKey: readonly unknown[],
): () => void {
  holders += 1;
  stop ??= run(queryClient, queryKey);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holders -= 1;
    if (holders === 0) {
      stop?.();
      stop = undefined;
    }
  };
}
