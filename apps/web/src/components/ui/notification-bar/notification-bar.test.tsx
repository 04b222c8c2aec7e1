import { render, screen, act } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify, useNotificationStore } from '../../../lib/notifications/notification-store.js';
import { NotificationBar } from './notification-bar.js';

function renderBar() {
  const router = createMemoryRouter([{ path: '*', element: <NotificationBar /> }]);
  return render(<RouterProvider router={router} />);
}

let scrollTo: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});
afterEach(() => {
  act(() => useNotificationStore.getState().clear());
  vi.restoreAllMocks();
});

describe('<NotificationBar> (§2 Shared widgets, §3 Notification)', () => {
  it('shows nothing while there is no notification', () => {
    renderBar();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows an error as an alert with its title, content and error styling', () => {
    renderBar();
    act(() => notify({ type: 'error', title: 'Oops', content: 'Something went wrong.' }));
    const bar = screen.getByRole('alert');
    expect(bar).toHaveTextContent('Oops');
    expect(bar).toHaveTextContent('Something went wrong.');
    expect(bar).toHaveClass('ui-notification-bar--error');
  });

  it('shows information as a status with an optional in-app link', () => {
    renderBar();
    act(() =>
      notify({
        type: 'information',
        title: 'Heads up',
        content: 'New subscriptions are available.',
        link: { href: '/my-settings/subscriptions', label: 'Manage subscriptions' },
      }),
    );
    const bar = screen.getByRole('status');
    expect(bar).toHaveClass('ui-notification-bar--information');
    expect(screen.getByRole('link', { name: 'Manage subscriptions' })).toHaveAttribute(
      'href',
      '/my-settings/subscriptions',
    );
  });

  it('scrolls the page to the top when a new notification arrives', () => {
    renderBar();
    act(() => notify({ type: 'information', title: 'Hello', content: '' }));
    expect(scrollTo).toHaveBeenCalled();
  });

  it('closes (sets nothing) from the keyboard-reachable close button', async () => {
    const user = userEvent.setup();
    renderBar();
    act(() => notify({ type: 'error', title: 'Oops', content: 'Broken' }));
    await user.tab();
    const close = screen.getByRole('button', { name: 'Close notification' });
    expect(close).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(useNotificationStore.getState().notification).toBeNull();
  });
});
