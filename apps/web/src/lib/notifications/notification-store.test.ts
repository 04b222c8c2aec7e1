import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { useNotificationStore } from './notification-store.js';

const store = () => useNotificationStore.getState();

let scrollTo: MockInstance;

beforeEach(() => {
  store().clear();
  scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('notifications (§2 Notification bar, §4 Notifications)', () => {
  it('shows a new notification and scrolls the page to top', () => {
    window.history.replaceState({}, '', '/news');
    store().notify({ type: 'error', title: 'T', content: 'C' });
    expect(store().notification).toMatchObject({
      type: 'error',
      title: 'T',
      content: 'C',
      persistent: false,
      path: '/news',
    });
    expect(store().notification?.date).toBeInstanceOf(Date);
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
  });

  it('closes the bar when set to nothing (without scrolling)', () => {
    store().notify({ type: 'information', title: '', content: 'x' });
    scrollTo.mockClear();
    store().notify(null);
    expect(store().notification).toBeNull();
    expect(scrollTo).not.toHaveBeenCalled();
    store().notify({ type: 'information', title: '', content: 'y' });
    store().clear();
    expect(store().notification).toBeNull();
  });

  it('clears a non-persistent notification on navigation and keeps a persistent one', () => {
    store().notify({ type: 'error', title: '', content: 'once' });
    store().clearNonPersistent();
    expect(store().notification).toBeNull();

    store().notify({ type: 'information', title: '', content: 'stays', persistent: true });
    store().clearNonPersistent();
    expect(store().notification?.content).toBe('stays');
  });

  it('replaces the current notification with a new one', () => {
    store().notify({ type: 'information', title: '', content: 'first', persistent: true });
    store().notify({
      type: 'error',
      title: '',
      content: 'second',
      link: { href: '/x', label: 'X' },
    });
    expect(store().notification).toMatchObject({
      content: 'second',
      link: { href: '/x', label: 'X' },
    });
  });
});
