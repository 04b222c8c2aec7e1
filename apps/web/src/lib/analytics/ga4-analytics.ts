import type { UserProfile } from '@portico/contracts';
import type {
  Analytics,
  SearchResultMetrics,
  SiteSearchNavigateEvent,
  SiteSearchQueryEvent,
} from './analytics.js';
import {
  analyticsLocale,
  checkPath,
  checkSiteSearchNavigate,
  checkSiteSearchQuery,
} from './analytics-arguments.js';

/**
 * Google Analytics 4 behind the analytics interface (§7 Analytics events, ADR 0008). Created
 * only when an analytics id is configured; nothing reaches Google before init (§4 Start-up:
 * the first profile), which injects gtag.js and configures the property without automatic
 * page views (the shell sends them, debounced, §9). Every failure is logged and reported as
 * an 'exception' event (§8); nothing is ever thrown into the app.
 */

export const GTAG_SCRIPT_BASE = 'https://www.googletagmanager.com/gtag/js';

/** GA4 event names. */
export const GA4_EVENTS = {
  pageView: 'page_view',
  siteSearchQuery: 'site_search_query',
  siteSearchNavigate: 'site_search_navigate',
  exception: 'exception',
} as const;

/**
 * §7 custom dimensions and metrics as GA4 parameter names (register them under these names
 * in the property's custom definitions). Profile dimensions are user properties; search
 * dimensions and the result counts are parameters of the search events.
 */
export const GA4_PARAMS = {
  product: 'product',
  query: 'query',
  url: 'url',
  card: 'card',
  company: 'company',
  enterpriseCustomerId: 'enterpriseCustomerId',
  dynamicsCustomerId: 'dynamicsCustomerId',
} as const;

export const GA4_METRICS: Record<keyof SearchResultMetrics, string> = {
  productNews: 'productNewsCount',
  productDocumentation: 'productDocumentationCount',
  productSoftwareDownloads: 'productDownloadsCount',
  news: 'newsCount',
};

const metricNames = Object.keys(GA4_METRICS) as (keyof SearchResultMetrics)[];

type Gtag = (...args: unknown[]) => void;

/** What gtag.js reads on window. */
interface GtagWindow {
  dataLayer?: unknown[];
  gtag?: Gtag;
}

type Params = Record<string, string | number | boolean>;

export function gtagScriptUrl(measurementId: string): string {
  return `${GTAG_SCRIPT_BASE}?id=${encodeURIComponent(measurementId)}`;
}

/** Leaves out what is absent or blank, so GA does not record empty values. */
function compact(params: Record<string, string | number | boolean | null | undefined>): Params {
  const clean: Params = {};
  for (const [name, value] of Object.entries(params)) {
    if (value === null || value === undefined) continue;
    if (typeof value === 'string' && value.trim() === '') continue;
    clean[name] = value;
  }
  return clean;
}

function describe(where: string, error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  // GA4 truncates parameter values at 100 characters anyway; keep the start readable.
  return `${where}: ${message}`.slice(0, 100);
}

export function createGa4Analytics(measurementId: string): Analytics {
  const id = measurementId.trim();
  if (!/^G-[A-Z0-9]+$/i.test(id)) {
    console.warn(`Analytics: '${measurementId}' does not look like a GA4 measurement id (G-…)`);
  }
  const host = window as Window & GtagWindow;
  let initialised = false;

  function report(where: string, error: unknown): void {
    console.error(`Analytics error (${where})`, error);
    try {
      host.gtag?.('event', GA4_EVENTS.exception, {
        description: describe(where, error),
        fatal: false,
      });
    } catch (second) {
      // gtag itself is broken: logging is all that is left.
      console.error('Analytics error (exception event)', second);
    }
  }

  function send(where: string, ...args: unknown[]): void {
    try {
      if (!host.gtag) throw new Error('gtag is not available');
      host.gtag(...args);
    } catch (error) {
      report(where, error);
    }
  }

  function ready(where: string): boolean {
    if (!initialised) console.warn(`Analytics: ${where} before init, not sent`);
    return initialised;
  }

  function installGtag(): void {
    const dataLayer = (host.dataLayer ??= []);
    // An existing gtag (e.g. from a tag manager) is reused rather than replaced.
    host.gtag ??= function gtag() {
      // gtag.js only processes Arguments objects from the data layer, not arrays.
      // eslint-disable-next-line prefer-rest-params
      dataLayer.push(arguments);
    };
  }

  function injectScript(): void {
    const src = gtagScriptUrl(id);
    if (Array.from(document.scripts).some((script) => script.getAttribute('src') === src)) return;
    const script = document.createElement('script');
    script.async = true;
    script.src = src;
    // Blocked by CSP, an ad blocker or the network: the app carries on without analytics.
    script.addEventListener('error', () =>
      report('script', new Error(`gtag.js could not be loaded from ${src}`)),
    );
    document.head.append(script);
  }

  return {
    init(profile: UserProfile): void {
      if (initialised) {
        console.warn('Analytics: init called again, ignored');
        return;
      }
      const locale = analyticsLocale(profile.language);
      try {
        installGtag();
        injectScript();
      } catch (error) {
        report('init', error);
        return;
      }
      initialised = true;
      send('init', 'js', new Date());
      // §7 profile dimensions; nothing that names a person (no user id, name or e-mail).
      send(
        'init',
        'set',
        'user_properties',
        compact({
          [GA4_PARAMS.company]: profile.companyName,
          [GA4_PARAMS.enterpriseCustomerId]: profile.enterpriseCustomerId,
          [GA4_PARAMS.dynamicsCustomerId]: profile.dynamicsCustomerId,
        }),
      );
      send('init', 'config', id, {
        send_page_view: false,
        language: locale,
        allow_google_signals: false,
        allow_ad_personalization_signals: false,
      });
    },

    pageView(path: string): void {
      if (!ready('page view')) return;
      const checked = checkPath(path);
      if (checked === null) return;
      send('pageView', 'event', GA4_EVENTS.pageView, {
        page_location: new URL(checked, window.location.origin).href,
        page_title: document.title,
      });
    },

    siteSearchQuery(event: SiteSearchQueryEvent): void {
      if (!ready('site search query')) return;
      const checked = checkSiteSearchQuery(event);
      if (checked === null) return;
      const metrics: Record<string, number | null | undefined> = {};
      for (const name of metricNames) metrics[GA4_METRICS[name]] = checked.metrics[name];
      send(
        'siteSearchQuery',
        'event',
        GA4_EVENTS.siteSearchQuery,
        compact({
          [GA4_PARAMS.query]: checked.query,
          [GA4_PARAMS.product]: checked.productId,
          ...metrics,
        }),
      );
    },

    siteSearchNavigate(event: SiteSearchNavigateEvent): void {
      if (!ready('site search navigate')) return;
      const checked = checkSiteSearchNavigate(event);
      if (checked === null) return;
      send(
        'siteSearchNavigate',
        'event',
        GA4_EVENTS.siteSearchNavigate,
        compact({
          [GA4_PARAMS.query]: checked.query,
          [GA4_PARAMS.product]: checked.productId,
          [GA4_PARAMS.card]: checked.card,
          [GA4_PARAMS.url]: checked.url,
        }),
      );
    },
  };
}

/**
 * The implementation the configuration asks for (§7, ADR 0008): GA4 when an analytics id
 * is set, null (no analytics at all) when it is empty, the default.
 */
export function configuredAnalytics(config: { analyticsId: string }): Analytics | null {
  const id = config.analyticsId.trim();
  return id === '' ? null : createGa4Analytics(id);
}
