import { create } from 'zustand';

/** §3 Notification. */
export interface AppNotification {
  type: 'error' | 'information';
  /** Icon id in the shared sprite; the bar picks one by type when absent. */
  icon?: string;
  title: string;
  content: string;
  /** The path the notification was raised on. */
  path?: string;
  date: Date;
  link?: { href: string; label: string };
  /** A persistent notification survives navigation; others clear on the next one (§4). */
  persistent: boolean;
}

/** What callers pass: date and persistence have sensible defaults. */
export type NotificationInput = Omit<AppNotification, 'date' | 'persistent'> &
  Partial<Pick<AppNotification, 'date' | 'persistent'>>;

interface NotificationState {
  notification: AppNotification | null;
  /** Shows a notification (replacing any current one) and scrolls to top; null closes the bar. */
  notify: (notification: NotificationInput | null) => void;
  /** Closes the bar. */
  clear: () => void;
  /** Closes a non-persistent notification; the shell calls this when a navigation ends. */
  clearNonPersistent: () => void;
}

function scrollToTop(): void {
  try {
    window.scrollTo({ top: 0, left: 0, behavior: 'smooth' });
  } catch {
    // Not every environment can scroll (tests, print); the notification still shows.
  }
}

export const useNotificationStore = create<NotificationState>()((set, get) => ({
  notification: null,
  notify(input) {
    if (input === null) {
      set({ notification: null });
      return;
    }
    const notification: AppNotification = {
      ...input,
      date: input.date ?? new Date(),
      persistent: input.persistent ?? false,
      path: input.path ?? window.location.pathname,
    };
    set({ notification });
    scrollToTop();
  },
  clear() {
    set({ notification: null });
  },
  clearNonPersistent() {
    const current = get().notification;
    if (current && !current.persistent) set({ notification: null });
  },
}));

/** Outside React: show a notification (same rules as the store's notify). */
export const notify = (notification: NotificationInput | null): void =>
  useNotificationStore.getState().notify(notification);

/** Outside React: close the bar. */
export const clearNotification = (): void => useNotificationStore.getState().clear();
