import type { NotificationList, UserNotification } from '@portico/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { demoProfile, renderSignedIn, url } from '../../../../test/app-test-harness.js';
import { setUpAppTests } from '../../../../test/page-lifecycle.js';
import { NOTIFICATION_POLL_MS } from '../api/notifications-api.js';
import { useNotificationStreamStore } from '../api/notification-stream.js';
import {
  bellShellHandlers,
  noNewsHandler,
  notificationItem,
} from '../../../../test/notification-test-support.js';
import { problemResponse } from '../../../../test/error-cases.js';

// Issue 24 "Live, across nodes" (ADR 0054): the bell hears new notifications on a stream, and
// polls only while it has none. jsdom has no EventSource: this stands in for the browser's,
// driven by the test as the server would drive the real one.
class TestEventSource extends EventTarget {
  static all: TestEventSource[] = [];
  closed = false;
  constructor(readonly url: string) {
    super();
    TestEventSource.all.push(this);
  }
  close(): void {
    this.closed = true;
  }
  open(): void {
    this.dispatchEvent(new Event('open'));
  }
  push(type: string, data: unknown, id = ''): void {
    this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data), lastEventId: id }));
  }
  drop(): void {
    this.dispatchEvent(new Event('error'));
  }
}

const server = setUpAppTests(...bellShellHandlers());

const item = (id: string, title: string): UserNotification => notificationItem({ id, title });

let list: NotificationList;
let polls = 0;
let tickets = 0;

beforeEach(() => {
  vi.stubGlobal('EventSource', TestEventSource);
  TestEventSource.all = [];
  polls = 0;
  tickets = 0;
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  list = { unreadCount: 1, items: [item('2', 'Cloud release 24.4')] };
  server.use(
    http.get(url('/api/users/me'), () => HttpResponse.json(demoProfile)),
    http.get(url('/api/notifications'), () => {
      polls += 1;
      return HttpResponse.json(list);
    }),
    http.get(url('/api/notifications/stream-ticket'), () => {
      tickets += 1;
      return HttpResponse.json({ ticket: `ticket-${tickets}`, expiresIn: 60 });
    }),
    noNewsHandler,
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const latestSource = async (count: number): Promise<TestEventSource> => {
  await waitFor(() => expect(TestEventSource.all).toHaveLength(count));
  return TestEventSource.all[count - 1]!;
};

describe('the bell, live', () => {
  it('shows a notification pushed on the stream at once, with the new unread count', async () => {
    const user = userEvent.setup();
    await renderSignedIn('/university');
    const banner = screen.getByRole('banner');
    await within(banner).findByRole('button', { name: 'Notifications, 1 unread' });
    const source = await latestSource(1);
    // Opened with the one-time ticket, never with the access token in the address.
    expect(new URL(source.url).pathname).toBe('/api/notifications/stream');
    expect(new URL(source.url).searchParams.get('t')).toBe('ticket-1');
    // … starting after the newest notification the bell already lists.
    expect(new URL(source.url).searchParams.get('lastEventId')).toBe('2');
    expect(source.url).not.toContain('access');

    act(() => source.open());
    // The server has the row (opening the panel reads the list again); the stream tells first.
    const maintenance = item('3', 'Maintenance on Saturday');
    list = { unreadCount: 2, items: [maintenance, ...list.items] };
    act(() => source.push('notification', { notification: maintenance, unreadCount: 2 }, '3'));
    await user.click(
      await within(banner).findByRole('button', { name: 'Notifications, 2 unread' }),
    );
    const panel = screen.getByRole('region', { name: 'Notifications' });
    const titles = within(panel)
      .getAllByRole('listitem')
      .map((li) => li.querySelector('.nb-item__title')?.textContent);
    expect(titles).toEqual(['Unread: Maintenance on Saturday', 'Unread: Cloud release 24.4']);
  });

  it('after a drop, opens a new stream with a new ticket that resumes after the last event', async () => {
    await renderSignedIn('/university');
    const first = await latestSource(1);
    act(() => first.open());
    act(() =>
      first.push('notification', { notification: item('7', 'Seven'), unreadCount: 2 }, '7'),
    );
    act(() => first.drop());
    expect(first.closed).toBe(true); // the browser must not retry the spent ticket
    const second = await latestSource(2);
    const resumed = new URL(second.url).searchParams;
    expect(resumed.get('t')).toBe('ticket-2');
    expect(resumed.get('lastEventId')).toBe('7');
  });

  it('polls every 30 s while it has no stream, and not while it has one', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await renderSignedIn('/university');
    await within(screen.getByRole('banner')).findByRole('button', {
      name: 'Notifications, 1 unread',
    });
    const source = await latestSource(1);
    expect(polls).toBe(1);
    // Not open yet (or refused): the poll is the fallback.
    await act(() => vi.advanceTimersByTimeAsync(NOTIFICATION_POLL_MS));
    await waitFor(() => expect(polls).toBe(2));

    act(() => source.open());
    expect(useNotificationStreamStore.getState().live).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(NOTIFICATION_POLL_MS * 2));
    expect(polls).toBe(2);

    act(() => source.drop());
    await act(() => vi.advanceTimersByTimeAsync(NOTIFICATION_POLL_MS));
    await waitFor(() => expect(polls).toBeGreaterThan(2));
  });

  it('drops a withdrawn notification from the bell when the stream says so, without reading the list again', async () => {
    const user = userEvent.setup();
    list = {
      unreadCount: 2,
      items: [item('5', 'Withdrawn soon'), item('2', 'Cloud release 24.4')],
    };
    await renderSignedIn('/university');
    const banner = screen.getByRole('banner');
    await within(banner).findByRole('button', { name: 'Notifications, 2 unread' });
    const source = await latestSource(1);
    act(() => source.open());
    const readsBefore = polls;
    // The server no longer lists it (opening the panel reads the list); the stream tells first.
    list = { unreadCount: 1, items: [item('2', 'Cloud release 24.4')] };
    act(() => source.push('removed', { ids: ['5'], unreadCount: 1 }));
    const bell = await within(banner).findByRole('button', { name: 'Notifications, 1 unread' });
    expect(polls).toBe(readsBefore); // the event alone updated the bell
    await user.click(bell);
    const panel = screen.getByRole('region', { name: 'Notifications' });
    const titles = within(panel)
      .getAllByRole('listitem')
      .map((li) => li.querySelector('.nb-item__title')?.textContent);
    expect(titles).toEqual(['Unread: Cloud release 24.4']);
  });

  it('on 429 for the ticket (too many streams) polls, and asks again only after Retry-After', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    server.use(
      http.get(url('/api/notifications/stream-ticket'), () => {
        tickets += 1;
        return problemResponse(429, 'Too many streams.', { headers: { 'Retry-After': '120' } });
      }),
    );
    await renderSignedIn('/university');
    await within(screen.getByRole('banner')).findByRole('button', {
      name: 'Notifications, 1 unread',
    });
    await waitFor(() => expect(tickets).toBe(1));
    await act(() => vi.advanceTimersByTimeAsync(NOTIFICATION_POLL_MS * 3));
    expect(tickets).toBe(1); // no storm of retries …
    expect(polls).toBeGreaterThanOrEqual(3); // … while the bell polls
    expect(TestEventSource.all).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(40_000));
    await waitFor(() => expect(tickets).toBe(2));
  });
});
