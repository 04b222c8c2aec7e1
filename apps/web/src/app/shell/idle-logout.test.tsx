import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRuntimeConfig } from '../../config/runtime-config.js';
import { IDLE_RETURN_KEY, LAST_ACTIVITY_KEY, takeIdleReturnPath } from '../../lib/auth/idle.js';
import { installTestConfig } from '../../../test/test-config.js';
import { IdleLogout, idleWarningCode, type IdleWarningCode } from './idle-logout.js';

// Issue 11: idle sign-out after IDLE_TIMEOUT_MINUTES, a warning with a countdown first,
// activity in any tab counts, the place is kept for the next sign-in.

const MINUTE = 60_000;

function renderAt(path: string, idleTimeoutMinutes = 5, warningCode?: IdleWarningCode) {
  installTestConfig({ idleTimeoutMinutes });
  const router = createMemoryRouter(
    [
      { path: '/logout', element: <p>Signing out</p> },
      { path: '*', element: <IdleLogout warning={warningCode} /> },
    ],
    { initialEntries: [path] },
  );
  // The idle module keeps the page the browser shows; the memory router does not change it.
  window.history.replaceState(null, '', path);
  render(<RouterProvider router={router} />);
  return router;
}

const advance = async (ms: number) => {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
};
const warning = () => screen.queryByRole('dialog', { name: 'Are you still there?' });

// The warning's code loads lazily (idle-logout.tsx): here it is in the module cache already,
// as in the app, which fetches it two minutes before it is due.
beforeAll(async () => {
  await import('./idle-warning.js');
});

beforeEach(() => {
  vi.useFakeTimers({ now: Date.UTC(2026, 10, 23, 9, 0) });
  localStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
  setRuntimeConfig(null);
  window.history.replaceState(null, '', '/');
});

describe('<IdleLogout>', () => {
  it('warns one minute before the idle time, counting down, with focus on "Stay signed in"', async () => {
    renderAt('/news');
    await advance(4 * MINUTE - 1000);
    expect(warning()).toBeNull();
    await advance(1000);
    const dialog = warning()!;
    expect(dialog).not.toBeNull();
    expect(dialog).toHaveAccessibleDescription(/signed out/);
    expect(screen.getByText('Signing out in 60 s')).toBeInTheDocument();
    const stay = screen.getByRole('button', { name: 'Stay signed in' });
    expect(stay).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Sign out now' })).toBeInTheDocument();
    await advance(15_000);
    expect(screen.getByText('Signing out in 45 s')).toBeInTheDocument();
    const live = dialog.querySelector('[aria-live]')!;
    expect(live).toHaveTextContent('You will be signed out in 45 seconds.');
  });

  it('signs out when the countdown ends and keeps the path and query for the next sign-in', async () => {
    const router = renderAt('/search?query=cloud&productId=p1');
    await advance(5 * MINUTE);
    expect(router.state.location.pathname).toBe('/logout');
    expect(localStorage.getItem(IDLE_RETURN_KEY)).toContain('/search?query=cloud&productId=p1');
    expect(takeIdleReturnPath()).toBe('/search?query=cloud&productId=p1');
    // Read once: the next sign-in after that starts fresh.
    expect(takeIdleReturnPath()).toBeNull();
  });

  it('"Stay signed in" closes the warning and starts the idle time over', async () => {
    const router = renderAt('/news');
    await advance(4 * MINUTE + 30_000);
    fireEvent.click(screen.getByRole('button', { name: 'Stay signed in' }));
    expect(warning()).toBeNull();
    await advance(3 * MINUTE);
    expect(warning()).toBeNull();
    expect(router.state.location.pathname).toBe('/news');
    await advance(MINUTE);
    expect(warning()).not.toBeNull();
  });

  it('Escape on the warning counts as being there', async () => {
    renderAt('/news');
    await advance(4 * MINUTE + 1000);
    fireEvent(warning()!, new Event('cancel', { cancelable: true }));
    expect(warning()).toBeNull();
  });

  it('"Sign out now" signs out at once', async () => {
    const router = renderAt('/news');
    await advance(4 * MINUTE + 1000);
    fireEvent.click(screen.getByRole('button', { name: 'Sign out now' }));
    await advance(0);
    expect(router.state.location.pathname).toBe('/logout');
  });

  it('activity in this tab keeps the user signed in', async () => {
    const router = renderAt('/news');
    for (let i = 0; i < 10; i += 1) {
      await advance(MINUTE);
      fireEvent.keyDown(document.body, { key: 'a' });
    }
    expect(warning()).toBeNull();
    expect(router.state.location.pathname).toBe('/news');
  });

  it('activity in another tab (the shared timestamp) keeps this tab signed in and closes its warning', async () => {
    const router = renderAt('/news');
    await advance(4 * MINUTE + 10_000);
    expect(warning()).not.toBeNull();
    // Another tab records activity and the browser tells this one.
    localStorage.setItem(LAST_ACTIVITY_KEY, String(Date.now()));
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: LAST_ACTIVITY_KEY }));
    });
    expect(warning()).toBeNull();
    await advance(3 * MINUTE);
    expect(router.state.location.pathname).toBe('/news');
  });

  it('does nothing with IDLE_TIMEOUT_MINUTES=0', async () => {
    const router = renderAt('/news', 0);
    await advance(24 * 60 * MINUTE);
    expect(warning()).toBeNull();
    expect(router.state.location.pathname).toBe('/news');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('still signs out on time when the warning’s code cannot load (offline, or a release replaced it)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let loads = 0;
    const failing = idleWarningCode(() => {
      loads += 1;
      return Promise.reject(new Error('Failed to fetch dynamically imported module'));
    });
    const router = renderAt('/search?query=cloud', 5, failing);
    await advance(4 * MINUTE + 30_000);
    // The preload and the warning itself both tried; no dialog, and the page is still there.
    expect(loads).toBeGreaterThanOrEqual(1);
    expect(warning()).toBeNull();
    expect(warn).toHaveBeenCalledWith('The idle warning could not be loaded', expect.any(Error));
    expect(router.state.location.pathname).toBe('/search');
    await advance(30_000);
    expect(router.state.location.pathname).toBe('/logout');
    expect(takeIdleReturnPath()).toBe('/search?query=cloud');
    warn.mockRestore();
  });
});
