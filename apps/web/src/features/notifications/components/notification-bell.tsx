import type { UserNotification } from '@portico/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Link, useLocation } from 'react-router';
import { useT } from '../../../lib/labels/use-t.js';
import { useFormat } from '../../../lib/format/use-format.js';
import { handleFailure } from '../../../lib/http/failure-handling.js';
import {
  markAllNotificationsRead,
  markNotificationRead,
  notificationsQueryKey,
  useNotifications,
} from '../api/notifications-api.js';
import { holdNotificationStream } from '../api/notification-stream.js';
import '../notifications.labels.js';
import '../../../components/ui/ui.css';
import './notification-bell.css';

/** Only in-app paths become links (a notification's path is stored by the server). */
const inAppPath = (path: string): string | null =>
  path.startsWith('/') && !path.startsWith('//') ? path : null;

/**
 * The notification centre's bell (issue 12): the unread count on the button, and a panel with
 * the user's notifications in the §3 shape, each a deep link into the app; mark one or all
 * read. A disclosure: Escape or a click elsewhere closes it and focus returns to the button.
 * `findHost` finds the header's user area when the header has one (the bell sits among the
 * account links), looked for again whenever `hostKey` (the header) changes; otherwise the bell
 * renders where it is placed.
 */
export function NotificationBell({
  findHost,
  hostKey,
}: {
  findHost: () => Element | null;
  hostKey: unknown;
}) {
  // The bell lives in a node of its own that moves between hosts, so a new header (a new
  // host) never remounts it: an open panel stays open, nothing is asked for again.
  const [node] = useState(() => {
    const element = document.createElement('span');
    element.className = 'nb-host';
    return element;
  });
  const standalone = useRef<HTMLDivElement>(null);
  // The host is a node of the header's HTML, known only once that HTML is in the DOM. Moved
  // here without a state update: one in a layout effect re-renders the app at once, inside the
  // commit of the first screen (issue 25, TBT).
  useLayoutEffect(() => {
    const host = findHost();
    if (standalone.current) standalone.current.hidden = host !== null;
    const target = host ?? standalone.current;
    if (target && node.parentNode !== target) target.appendChild(node);
  }, [findHost, hostKey, node]);
  useLayoutEffect(() => () => node.remove(), [node]);
  return (
    <>
      <div className="nb-standalone" ref={standalone} />
      {createPortal(<Bell />, node)}
    </>
  );
}

function Bell() {
  const t = useT();
  const format = useFormat();
  const queryClient = useQueryClient();
  const notifications = useNotifications();
  // Live updates while the bell is there (ADR 0054); it never remounts, so one stream a tab.
  useEffect(() => holdNotificationStream(queryClient, notificationsQueryKey), [queryClient]);
  const { pathname } = useLocation();
  // Open on the page where it was opened: a navigation (following a notification) closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (value: boolean) => setOpenOn(value ? pathname : null);
  const panelId = useId();
  const titleId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const unread = notifications.data?.unreadCount ?? 0;
  const items = notifications.data?.items ?? [];

  // A layout effect: the listeners are in place when the panel paints (a plain effect may run
  // after the next frame, and an Escape pressed at once would be lost).
  useLayoutEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (event.target instanceof Node && !root.current?.contains(event.target)) setOpenOn(null);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenOn(null);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey });
  // A failure is the §8 notification (the one handler); the list is read again either way.
  const markRead = async (n: UserNotification) => {
    if (n.read) return;
    await markNotificationRead(n.id).catch((error: unknown) => handleFailure(error));
    await refresh();
  };
  const markAll = async () => {
    await markAllNotificationsRead().catch((error: unknown) => handleFailure(error));
    await refresh();
  };

  return (
    <div className="nb" ref={root}>
      <button
        ref={button}
        type="button"
        className="nb-button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          setOpen(!open);
          if (!open) void refresh();
        }}
      >
        <svg className="portico-icon" aria-hidden="true" focusable="false" viewBox="0 0 24 24">
          <path
            fill="currentColor"
            d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3a1.5 1.5 0 0 0-3 0v1.16A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
          />
        </svg>
        <span className="ui-visually-hidden">
          {unread > 0
            ? t('notifications.button.unread', { count: unread })
            : t('notifications.button')}
        </span>
        {unread > 0 && (
          <span className="nb-count" aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      <div id={panelId} className="nb-panel" role="region" aria-labelledby={titleId} hidden={!open}>
        <div className="nb-panel__head">
          <h2 id={titleId} className="nb-panel__title">
            {t('notifications.title')}
          </h2>
          {unread > 0 && (
            <button
              type="button"
              className="ui-link-button nb-link-button"
              onClick={() => void markAll()}
            >
              {t('notifications.mark-all-read')}
            </button>
          )}
        </div>
        {notifications.isError && <p role="alert">{t('notifications.error')}</p>}
        {items.length === 0 && !notifications.isError && (
          <p className="nb-empty">{t('notifications.empty')}</p>
        )}
        {items.length > 0 && (
          <ul className="nb-list">
            {items.map((n) => {
              const path = inAppPath(n.path);
              return (
                <li
                  key={n.id}
                  className={`nb-item nb-item--${n.type}${n.read ? '' : ' nb-item--unread'}`}
                >
                  <p className="nb-item__title">
                    {!n.read && (
                      <span className="ui-visually-hidden">{t('notifications.unread')}: </span>
                    )}
                    {n.title}
                  </p>
                  {n.content && <p className="nb-item__content">{n.content}</p>}
                  <p className="nb-item__meta">
                    <time dateTime={n.date}>{format.dateTime(n.date)}</time>
                  </p>
                  <div className="nb-item__actions">
                    {path && (
                      <Link to={path} onClick={() => void markRead(n)}>
                        {n.link || n.title}
                      </Link>
                    )}
                    {!n.read && (
                      <button
                        type="button"
                        className="ui-link-button nb-link-button"
                        aria-label={t('notifications.mark-read.named', { title: n.title })}
                        onClick={() => void markRead(n)}
                      >
                        {t('notifications.mark-read')}
                      </button>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </div>
  );
}
