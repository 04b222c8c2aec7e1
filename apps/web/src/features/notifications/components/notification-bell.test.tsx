import type { NotificationList } from '@portico/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { demoProfile, renderSignedIn, url } from '../../../../test/app-test-harness.js';
import { setUpAppTests } from '../../../../test/page-lifecycle.js';
import {
  bellShellHandlers,
  noNewsHandler,
  notificationItem,
} from '../../../../test/notification-test-support.js';

// Issue 12: the notification centre's bell in the shell header.

const server = setUpAppTests(...bellShellHandlers());

let list: NotificationList;
const readCalls: string[] = [];

beforeEach(() => {
  readCalls.length = 0;
  list = {
    unreadCount: 1,
    items: [
      notificationItem({
        ...{ id: '2', title: 'Cloud release 24.4', content: 'What is new this quarter.' },
        path: '/news/news-item/cloud-release-24-4/2',
      }),
      notificationItem({
        ...{ id: '1', icon: null, title: 'Older item', path: '/news', link: 'Open', read: true },
        date: '2026-11-20T08:00:00.000Z',
      }),
    ],
  };
  server.use(
    http.get(url('/api/users/me'), () =>
      HttpResponse.json({ ...demoProfile, timeZone: 'Asia/Tokyo' }),
    ),
    http.get(url('/api/notifications'), () => HttpResponse.json(list)),
    http.post(url('/api/notifications/:id/read'), ({ params }) => {
      readCalls.push(String(params.id));
      list = {
        unreadCount: 0,
        items: list.items.map((n) => (n.id === params.id ? { ...n, read: true } : n)),
      };
      return new HttpResponse(null, { status: 204 });
    }),
    http.post(url('/api/notifications/read-all'), () => {
      readCalls.push('all');
      list = { unreadCount: 0, items: list.items.map((n) => ({ ...n, read: true })) };
      return new HttpResponse(null, { status: 204 });
    }),
    noNewsHandler,
    http.get(url('/api/news/:id'), () => HttpResponse.json({}, { status: 404 })),
  );
});

describe('the notification bell', () => {
  it('asks for the notifications once per page load, though it moves into the header (issue 25)', async () => {
    const asked: string[] = [];
    server.use(
      http.get(url('/api/notifications'), ({ request }) => {
        asked.push(request.url);
        return HttpResponse.json(list);
      }),
    );
    await renderSignedIn('/university');
    const banner = screen.getByRole('banner');
    await within(banner).findByRole('button', { name: 'Notifications, 1 unread' });
    expect(asked).toHaveLength(1);
  });

  it('takes the place Portico’s header holds for it, so it moves nothing (issue 25)', async () => {
    server.use(
      http.get(url('/shared/header'), () =>
        HttpResponse.text(
          '<div class="portico-header__bar"><div class="portico-header__user"><a href="/logout">Sign out</a></div><span class="portico-header__bell"></span></div>',
        ),
      ),
    );
    await renderSignedIn('/university');
    const bell = await within(screen.getByRole('banner')).findByRole('button', {
      name: 'Notifications, 1 unread',
    });
    expect(bell.closest('.portico-header__bell')).not.toBeNull();
  });

  it('stays open when a new header takes the place of the old one (issue 25)', async () => {
    const user = userEvent.setup();
    const headerWith = (greeting: string) =>
      `<div class="portico-header__bar"><span>${greeting}</span><span class="portico-header__bell"></span></div>`;
    let greeting = 'Hello, Anna';
    server.use(http.get(url('/shared/header'), () => HttpResponse.text(headerWith(greeting))));
    const { queryClient } = await renderSignedIn('/university');
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    expect(screen.getByRole('region', { name: 'Notifications' })).toBeVisible();

    greeting = 'Hallo, Anna';
    await act(() => queryClient.invalidateQueries({ queryKey: ['shell', 'header'] }));
    await within(screen.getByRole('banner')).findByText('Hallo, Anna');
    const bell = within(screen.getByRole('banner')).getByRole('button', {
      name: 'Notifications, 1 unread',
    });
    expect(bell.closest('.portico-header__bell')).not.toBeNull();
    expect(bell).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region', { name: 'Notifications' })).toBeVisible();
  });

  it('shows the unread count in the header and opens its panel by keyboard', async () => {
    const user = userEvent.setup();
    await renderSignedIn('/university');
    const banner = screen.getByRole('banner');
    const bell = await within(banner).findByRole('button', { name: 'Notifications, 1 unread' });
    expect(bell).toHaveAttribute('aria-expanded', 'false');
    bell.focus();
    await user.keyboard('{Enter}');
    expect(bell).toHaveAttribute('aria-expanded', 'true');
    const panel = screen.getByRole('region', { name: 'Notifications' });
    expect(within(panel).getByText('Cloud release 24.4')).toBeVisible();
    expect(within(panel).getByRole('link', { name: 'Read the article' })).toHaveAttribute(
      'href',
      '/news/news-item/cloud-release-24-4/2',
    );
    // The date in the profile's time zone (Tokyo: 21:00 on 23 November).
    expect(within(panel).getByText(/21:00|9:00\sPM/)).toBeVisible();
    await user.keyboard('{Escape}');
    expect(bell).toHaveAttribute('aria-expanded', 'false');
    expect(bell).toHaveFocus();
  });

  it('marks one read, and all read', async () => {
    const user = userEvent.setup();
    await renderSignedIn('/university');
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const panel = screen.getByRole('region', { name: 'Notifications' });
    await user.click(
      within(panel).getByRole('button', { name: 'Mark as read: Cloud release 24.4' }),
    );
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeVisible();
    expect(readCalls).toEqual(['2']);
    list = { ...list, unreadCount: 2, items: list.items.map((n) => ({ ...n, read: false })) };
    await user.click(screen.getByRole('button', { name: 'Notifications' }));
    await user.click(screen.getByRole('button', { name: 'Notifications' }));
    await user.click(await within(panel).findByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(readCalls).toEqual(['2', 'all']));
  });

  it('follows a deep link into the app and marks it read', async () => {
    const user = userEvent.setup();
    const { router } = await renderSignedIn('/university');
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await user.click(screen.getByRole('link', { name: 'Read the article' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/news/news-item/cloud-release-24-4/2'),
    );
    await waitFor(() => expect(readCalls).toEqual(['2']));
    // The navigation closes the panel.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Notifications' })).toHaveAttribute(
        'aria-expanded',
        'false',
      ),
    );
  });
});
