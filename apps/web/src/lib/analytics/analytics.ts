import type { UserProfile } from '@portico/contracts';

/**
 * The analytics module's one interface (§7 Analytics events). The app talks only to this;
 * which implementation sits behind it (Google Analytics 4 when an analytics id is configured,
 * nothing otherwise, a recording sink in tests) is chosen at start-up.
 */

/** §7 custom dimensions. */
export interface AnalyticsDimensions {
  product?: string;
  query?: string;
  url?: string;
  company?: string;
  enterpriseCustomerId?: string;
  dynamicsCustomerId?: string;
}

/** §7 metrics: the result counts of the search page (null or absent = source did not answer). */
export interface SearchResultMetrics {
  productNews?: number | null;
  productDocumentation?: number | null;
  productSoftwareDownloads?: number | null;
  news?: number | null;
}

/** The search page's criteria and counts once its sources have answered. */
export interface SiteSearchQueryEvent {
  query: string;
  /** The product's contentId ('' or absent when none was chosen). */
  productId?: string;
  metrics: SearchResultMetrics;
}

/** A result card clicked on the search page. */
export interface SiteSearchNavigateEvent {
  query: string;
  productId?: string;
  /** Which card: community, knowledgeArticles, university, productDocumentation, … */
  card: string;
  /** Where the card leads. */
  url: string;
}

export interface Analytics {
  /** Called once with the first profile (§4 Start-up). */
  init(profile: UserProfile): void;
  /** A page view of an in-app path (already debounced and filtered by the caller). */
  pageView(path: string): void;
  siteSearchQuery(event: SiteSearchQueryEvent): void;
  siteSearchNavigate(event: SiteSearchNavigateEvent): void;
}

const inert: Analytics = {
  init: () => undefined,
  pageView: () => undefined,
  siteSearchQuery: () => undefined,
  siteSearchNavigate: () => undefined,
};

let current: Analytics = inert;
let initialised = false;
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

/** §8: an analytics failure is logged and never reaches the page that reported the event. */
function guarded<A extends unknown[]>(name: string, call: (...args: A) => void) {
  return (...args: A): void => {
    try {
      call(...args);
    } catch (error) {
      console.error(`Analytics error in ${name}`, error);
    }
  };
}

/**
 * What analytics() hands out: one stable object that forwards to the installed implementation,
 * remembers that init has run (page views wait for it) and keeps any throw away from the app.
 */
const facade: Analytics = {
  init: guarded('init', (profile: UserProfile) => {
    current.init(profile);
    initialised = true;
    changed();
  }),
  pageView: guarded('pageView', (path: string) => current.pageView(path)),
  siteSearchQuery: guarded('siteSearchQuery', (event: SiteSearchQueryEvent) =>
    current.siteSearchQuery(event),
  ),
  siteSearchNavigate: guarded('siteSearchNavigate', (event: SiteSearchNavigateEvent) =>
    current.siteSearchNavigate(event),
  ),
};

/** The analytics in use (does nothing until one is installed). */
export function analytics(): Analytics {
  return facade;
}

/**
 * Installs an implementation (start-up, tests); null puts the inert one back. A newly
 * installed implementation has not been initialised yet.
 */
export function installAnalytics(implementation: Analytics | null): void {
  current = implementation ?? inert;
  initialised = false;
  changed();
}

/** True once init has run on the installed implementation (§4 Start-up). */
export function isAnalyticsInitialised(): boolean {
  return initialised;
}

/** Calls `listener` when an implementation is installed or initialised; returns the unsubscribe. */
export function subscribeAnalytics(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
