import type { UserNotification } from '@portico/contracts';
import { http, HttpResponse, type HttpHandler } from 'msw';
import { defaultHeaderHtml, shellHandlers, url } from './app-test-harness.js';

/** The shell's handlers with a header whose user area the bell joins (issue 12). */
export function bellShellHandlers(): HttpHandler[] {
  return shellHandlers({
    header: defaultHeaderHtml.replace(
      '<a href="/logout">Sign out</a>',
      '<div class="portico-header__bar"><div class="portico-header__user"><a href="/logout">Sign out</a></div></div>',
    ),
  });
}

/** One notification as `GET /api/notifications` lists it: unread news unless `over` says. */
export function notificationItem(
  over: Partial<UserNotification> & { id: string },
): UserNotification {
  return {
    type: 'information',
    icon: 'news',
    title: `Notification ${over.id}`,
    content: '',
    path: `/news/news-item/x/${over.id}`,
    date: '2026-11-23T12:00:00.000Z',
    link: 'Read the article',
    persistent: false,
    read: false,
    ...over,
  };
}

/** The page the bell tests open (/university) lists no news: an empty news list. */
export const noNewsHandler = http.get(url('/api/news'), () =>
  HttpResponse.json([], { headers: { 'X-Total-Count': '0' } }),
);
