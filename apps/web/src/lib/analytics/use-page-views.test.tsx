import type { UserProfile } from '@portico/contracts';
import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { analytics, installAnalytics } from './analytics.js';
import { installRecordingAnalytics, type RecordingAnalytics } from './recording-analytics.js';
import { isPageViewSkipped, PAGE_VIEW_DEBOUNCE_MS, usePageViews } from './use-page-views.js';

const profile = { id: 'u-anna', language: 'en' } as UserProfile;

function Shell() {
  usePageViews();
  return null;
}

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '*', Component: Shell }], {
    initialEntries: [path],
  });
  render(<RouterProvider router={router} />);
  return router;
}

const navigate = (router: ReturnType<typeof renderAt>, to: string) =>
  act(() => router.navigate(to));
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

let sink: RecordingAnalytics;

beforeEach(() => {
  vi.useFakeTimers();
  sink = installRecordingAnalytics();
  act(() => analytics().init(profile));
  sink.clear();
});
afterEach(() => {
  vi.useRealTimers();
  installAnalytics(null);
});

describe('page views (§7, §9 debounce 300 ms)', () => {
  it('reports the page with its query string 300 ms after the navigation ended', async () => {
    const router = renderAt('/news');
    await navigate(router, '/search?query=report&productId=c-erpx');
    await wait(PAGE_VIEW_DEBOUNCE_MS - 1);
    expect(sink.pageViews()).toEqual([]);
    await wait(1);
    expect(sink.pageViews()).toEqual(['/search?query=report&productId=c-erpx']);
  });

  it('reports only the last page of a burst of navigations', async () => {
    const router = renderAt('/news');
    await wait(100);
    await navigate(router, '/news/2');
    await wait(299);
    await navigate(router, '/search?query=erp');
    await wait(200);
    await navigate(router, '/university');
    await wait(PAGE_VIEW_DEBOUNCE_MS);
    expect(sink.pageViews()).toEqual(['/university']);
  });

  it('reports every settled page, and the same address again after a new navigation to it', async () => {
    const router = renderAt('/news');
    await wait(PAGE_VIEW_DEBOUNCE_MS);
    await navigate(router, '/search?query=erp');
    await wait(PAGE_VIEW_DEBOUNCE_MS);
    await navigate(router, '/search?query=erp');
    await wait(PAGE_VIEW_DEBOUNCE_MS);
    await wait(5 * PAGE_VIEW_DEBOUNCE_MS);
    expect(sink.pageViews()).toEqual(['/news', '/search?query=erp', '/search?query=erp']);
  });

  it.each(['/login?returnUrl=%2Fnews', '/state-redirect', '/logout', '/logout/'])(
    'skips %s',
    async (path) => {
      const router = renderAt('/news');
      await wait(PAGE_VIEW_DEBOUNCE_MS);
      await navigate(router, path);
      await wait(PAGE_VIEW_DEBOUNCE_MS * 2);
      expect(sink.pageViews()).toEqual(['/news']);
    },
  );

  it('drops a burst that ends on a login or redirect path', async () => {
    const router = renderAt('/news');
    await navigate(router, '/state-redirect');
    await wait(PAGE_VIEW_DEBOUNCE_MS * 2);
    expect(sink.pageViews()).toEqual([]);
  });

  it('knows which paths are skipped', () => {
    expect(isPageViewSkipped('/login')).toBe(true);
    expect(isPageViewSkipped('/state-redirect/')).toBe(true);
    expect(isPageViewSkipped('/logout')).toBe(true);
    expect(isPageViewSkipped('/')).toBe(false);
    expect(isPageViewSkipped('/news')).toBe(false);
    expect(isPageViewSkipped('/login-help')).toBe(false);
  });
});

describe('page views wait for analytics to be initialised (§4 Start-up)', () => {
  it('sends nothing before init, then the current page once init has run', async () => {
    sink = installRecordingAnalytics();
    const router = renderAt('/news');
    await navigate(router, '/search?query=erp');
    await wait(PAGE_VIEW_DEBOUNCE_MS * 3);
    expect(sink.events).toEqual([]);

    act(() => analytics().init(profile));
    await wait(PAGE_VIEW_DEBOUNCE_MS);
    expect(sink.events.map((e) => e.type)).toEqual(['init', 'pageView']);
    expect(sink.pageViews()).toEqual(['/search?query=erp']);
  });

  it('sends nothing while the inert analytics is installed', async () => {
    installAnalytics(null);
    const router = renderAt('/news');
    await navigate(router, '/search?query=erp');
    await wait(PAGE_VIEW_DEBOUNCE_MS * 3);
    expect(sink.events).toEqual([]);
  });
});
