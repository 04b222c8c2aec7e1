import { DEFAULT_LOCALE, SUPPORTED_LOCALES, type Locale } from '../labels/labels-query.js';
import type {
  SearchResultMetrics,
  SiteSearchNavigateEvent,
  SiteSearchQueryEvent,
} from './analytics.js';

/**
 * Argument checks of the analytics implementations (§8: "invalid analytics arguments and
 * unsupported locale are logged"). A bad argument is logged with console.warn and never
 * thrown: analytics must not break a page. Each check returns the clean value, or null when
 * the event cannot be sent at all.
 */

const warn = (message: string): void => console.warn(`Analytics: ${message}`);

const isBlank = (value: string | undefined | null): boolean => (value ?? '').trim() === '';

/** An in-app path: non-empty and absolute ('/news?page=2'). */
export function checkPath(path: string): string | null {
  if (typeof path !== 'string' || isBlank(path)) {
    warn('page view without a path, not sent');
    return null;
  }
  if (!path.startsWith('/')) {
    warn(`page view of '${path}' is not an absolute in-app path, not sent`);
    return null;
  }
  return path;
}

const metricNames: readonly (keyof SearchResultMetrics)[] = [
  'productNews',
  'productDocumentation',
  'productSoftwareDownloads',
  'news',
];

/**
 * The metrics that can be reported: null or absent means the source did not answer (left
 * out silently); a negative, fractional or non-numeric count is logged and left out.
 */
export function checkMetrics(metrics: SearchResultMetrics | undefined): SearchResultMetrics {
  const clean: SearchResultMetrics = {};
  for (const name of metricNames) {
    const value = metrics?.[name];
    if (value === null || value === undefined) continue;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
      warn(`metric ${name} must be a count (an integer of 0 or more), got ${String(value)}`);
      continue;
    }
    clean[name] = value;
  }
  return clean;
}

/** A site search needs a query; its metrics are checked one by one. */
export function checkSiteSearchQuery(event: SiteSearchQueryEvent): SiteSearchQueryEvent | null {
  if (isBlank(event.query)) {
    warn('site search query without a query, not sent');
    return null;
  }
  return { ...event, metrics: checkMetrics(event.metrics) };
}

/** A card click needs the query, the card and where it leads. */
export function checkSiteSearchNavigate(
  event: SiteSearchNavigateEvent,
): SiteSearchNavigateEvent | null {
  const missing = (['query', 'card', 'url'] as const).filter((name) => isBlank(event[name]));
  if (missing.length > 0) {
    warn(`site search navigate without ${missing.join(', ')}, not sent`);
    return null;
  }
  return event;
}

const isLocale = (value: string): value is Locale =>
  (SUPPORTED_LOCALES as readonly string[]).includes(value);

/**
 * The locale analytics reports for a profile language (§9: default en; de es fr nl no pt pl
 * sv). 'de-DE' counts as de, Norwegian Bokmål/Nynorsk as no, none as en; anything else is
 * logged and reported as en.
 */
export function analyticsLocale(language: string | null | undefined): Locale {
  const primary = (language ?? '').trim().toLowerCase().split(/[-_]/, 1)[0] ?? '';
  // No language at all is the §9 default, as for the labels, not an unsupported one.
  if (primary === '') return DEFAULT_LOCALE;
  if (primary === 'nb' || primary === 'nn') return 'no';
  if (isLocale(primary)) return primary;
  warn(`unsupported locale '${language ?? ''}', reporting ${DEFAULT_LOCALE}`);
  return DEFAULT_LOCALE;
}
