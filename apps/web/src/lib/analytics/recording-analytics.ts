import type { UserProfile } from '@portico/contracts';
import {
  installAnalytics,
  type Analytics,
  type SiteSearchNavigateEvent,
  type SiteSearchQueryEvent,
} from './analytics.js';

/**
 * The test sink (§7 Analytics events): an implementation that records every call, in order,
 * so tests assert the events the app reports without any network. Install it with
 * installRecordingAnalytics() and put the inert one back with installAnalytics(null).
 */

export type RecordedAnalyticsEvent =
  | { type: 'init'; profile: UserProfile }
  | { type: 'pageView'; path: string }
  | { type: 'siteSearchQuery'; event: SiteSearchQueryEvent }
  | { type: 'siteSearchNavigate'; event: SiteSearchNavigateEvent };

export type RecordedAnalyticsType = RecordedAnalyticsEvent['type'];

export interface RecordingAnalytics extends Analytics {
  /** Every call so far, oldest first. */
  readonly events: readonly RecordedAnalyticsEvent[];
  /** The calls of one kind, oldest first. */
  recorded<T extends RecordedAnalyticsType>(
    type: T,
  ): Extract<RecordedAnalyticsEvent, { type: T }>[];
  /** The paths of the page views so far. */
  pageViews(): string[];
  clear(): void;
}

export function createRecordingAnalytics(): RecordingAnalytics {
  const events: RecordedAnalyticsEvent[] = [];
  return {
    events,
    init: (profile) => void events.push({ type: 'init', profile }),
    pageView: (path) => void events.push({ type: 'pageView', path }),
    // Copies: what was reported at the time, even if the caller changes its object later.
    siteSearchQuery: (event) =>
      void events.push({ type: 'siteSearchQuery', event: structuredClone(event) }),
    siteSearchNavigate: (event) =>
      void events.push({ type: 'siteSearchNavigate', event: structuredClone(event) }),
    recorded: <T extends RecordedAnalyticsType>(type: T) =>
      events.filter((e): e is Extract<RecordedAnalyticsEvent, { type: T }> => e.type === type),
    pageViews: () => events.flatMap((e) => (e.type === 'pageView' ? [e.path] : [])),
    clear: () => {
      events.length = 0;
    },
  };
}

/** Creates a recording sink and installs it as the analytics in use. */
export function installRecordingAnalytics(): RecordingAnalytics {
  const sink = createRecordingAnalytics();
  installAnalytics(sink);
  return sink;
}
