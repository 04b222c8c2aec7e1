import type { UserProfile } from '@portico/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  analytics,
  installAnalytics,
  isAnalyticsInitialised,
  subscribeAnalytics,
  type Analytics,
} from './analytics.js';
import { installRecordingAnalytics } from './recording-analytics.js';

const profile = { id: 'u-anna', language: 'en' } as UserProfile;

afterEach(() => {
  installAnalytics(null);
  vi.restoreAllMocks();
});

describe('the analytics interface (§7)', () => {
  it('forwards every call to the installed implementation, in order', () => {
    const sink = installRecordingAnalytics();
    analytics().init(profile);
    analytics().pageView('/news');
    analytics().siteSearchQuery({ query: 'erp', productId: 'c-erpx', metrics: { news: 2 } });
    analytics().siteSearchNavigate({ query: 'erp', card: 'news', url: '/news?query=erp' });
    expect(sink.events).toEqual([
      { type: 'init', profile },
      { type: 'pageView', path: '/news' },
      {
        type: 'siteSearchQuery',
        event: { query: 'erp', productId: 'c-erpx', metrics: { news: 2 } },
      },
      { type: 'siteSearchNavigate', event: { query: 'erp', card: 'news', url: '/news?query=erp' } },
    ]);
    expect(sink.recorded('siteSearchNavigate').map((e) => e.event.card)).toEqual(['news']);
  });

  it('does nothing, without failing, when none is installed', () => {
    expect(() => {
      analytics().init(profile);
      analytics().pageView('/news');
    }).not.toThrow();
  });

  it('tracks initialisation per implementation and tells subscribers', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeAnalytics(listener);
    installRecordingAnalytics();
    expect(isAnalyticsInitialised()).toBe(false);
    analytics().init(profile);
    expect(isAnalyticsInitialised()).toBe(true);
    expect(listener).toHaveBeenCalledTimes(2);

    installRecordingAnalytics();
    expect(isAnalyticsInitialised()).toBe(false);
    unsubscribe();
    installAnalytics(null);
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it('logs an implementation that throws and never passes the error to the app (§8)', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const broken: Analytics = {
      init: () => {
        throw new Error('init broke');
      },
      pageView: () => {
        throw new Error('page view broke');
      },
      siteSearchQuery: () => undefined,
      siteSearchNavigate: () => undefined,
    };
    installAnalytics(broken);
    expect(() => analytics().init(profile)).not.toThrow();
    expect(() => analytics().pageView('/news')).not.toThrow();
    expect(error).toHaveBeenCalledWith('Analytics error in init', expect.any(Error));
    expect(error).toHaveBeenCalledWith('Analytics error in pageView', expect.any(Error));
    // A failed init leaves analytics uninitialised: no page views are sent to it.
    expect(isAnalyticsInitialised()).toBe(false);
  });
});
