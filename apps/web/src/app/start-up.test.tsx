import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { analytics, installAnalytics, isAnalyticsInitialised } from '../lib/analytics/analytics.js';
import { installRecordingAnalytics } from '../lib/analytics/recording-analytics.js';
import { setupTestServer } from '../../test/msw.js';
import { installTestConfig } from '../../test/test-config.js';
import { demoProfile, renderApp, shellHandlers, signIn } from '../../test/app-test-harness.js';
import { analyticsHook, resetStartUpForTests } from './start-up.js';
import { clearUserCookie } from './user-cookie.js';

// Start-up is tested around a stand-in news page; the news feature tests its own page.
vi.mock('../features/news/news.route.js', () => ({
  default: () => <h1>News page</h1>,
}));

setupTestServer(...shellHandlers());

interface GtagWindow {
  dataLayer?: unknown[];
  gtag?: unknown;
}
const host = window as Window & GtagWindow;

const gtagScripts = () =>
  Array.from(document.scripts).filter((s) => s.src.startsWith('https://www.googletagmanager.com'));
const gtagCommands = () =>
  (host.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>));

// Whole-app renders on a shared two-core machine: allow for slow first renders.
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});
afterEach(() => {
  resetStartUpForTests();
  clearUserCookie();
  delete host.gtag;
  delete host.dataLayer;
  for (const script of gtagScripts()) script.remove();
  vi.restoreAllMocks();
});

describe('start-up chooses the analytics (§4 Start-up, §7, ADR 0008)', () => {
  it('loads, installs and initialises Google Analytics 4 when an analytics id is configured', async () => {
    installTestConfig({ analyticsId: 'G-TEST123' });
    analyticsHook.init(demoProfile);
    await vi.waitFor(() => expect(isAnalyticsInitialised()).toBe(true));
    expect(gtagScripts().map((s) => s.getAttribute('src'))).toEqual([
      'https://www.googletagmanager.com/gtag/js?id=G-TEST123',
    ]);
    analytics().pageView('/news');
    expect(gtagCommands().map(([command, name]) => `${String(command)} ${String(name)}`)).toEqual(
      expect.arrayContaining(['config G-TEST123', 'event page_view']),
    );
  });

  it('loads nothing without an analytics id and initialises the analytics in use', () => {
    installTestConfig({ analyticsId: '' });
    const sink = installRecordingAnalytics();
    analyticsHook.init(demoProfile);
    expect(gtagScripts()).toEqual([]);
    expect(host.gtag).toBeUndefined();
    expect(sink.recorded('init')).toEqual([{ type: 'init', profile: demoProfile }]);
    expect(isAnalyticsInitialised()).toBe(true);
  });

  it('leaves the inert analytics in place without an id (no events go anywhere)', () => {
    installTestConfig({ analyticsId: '' });
    installAnalytics(null);
    analyticsHook.init(demoProfile);
    expect(() => analytics().pageView('/news')).not.toThrow();
    expect(gtagScripts()).toEqual([]);
    expect(host.dataLayer).toBeUndefined();
  });
});

describe('analytics in the running app (§4 Start-up, §7)', () => {
  it('with an analytics id: GA4 loads after sign-in with the profile and reports the first page', async () => {
    installTestConfig({ analyticsId: 'G-TEST123' });
    signIn();
    renderApp('/news');
    expect(await screen.findByRole('heading', { level: 1, name: 'News page' })).toBeVisible();
    await waitFor(() =>
      expect(gtagCommands()).toContainEqual([
        'event',
        'page_view',
        expect.objectContaining({ page_location: `${window.location.origin}/news` }),
      ]),
    );
    expect(gtagScripts()).toHaveLength(1);
    expect(gtagCommands()).toContainEqual([
      'set',
      'user_properties',
      { company: demoProfile.companyName, enterpriseCustomerId: 'E-1' },
    ]);
  });

  it('without an analytics id: nothing is loaded, and a test sink sees init and the page view', async () => {
    installTestConfig();
    const sink = installRecordingAnalytics();
    signIn();
    renderApp('/news');
    expect(await screen.findByRole('heading', { level: 1, name: 'News page' })).toBeVisible();
    await waitFor(() => expect(sink.pageViews()).toEqual(['/news']));
    expect(sink.recorded('init').map((e) => e.profile.id)).toEqual([demoProfile.id]);
    expect(gtagScripts()).toEqual([]);
    expect(host.dataLayer).toBeUndefined();
  });
});
