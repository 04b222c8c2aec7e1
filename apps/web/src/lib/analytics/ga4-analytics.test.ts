import type { UserProfile } from '@portico/contracts';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { Analytics } from './analytics.js';
import { configuredAnalytics, createGa4Analytics, gtagScriptUrl } from './ga4-analytics.js';

interface GtagWindow {
  dataLayer?: unknown[];
  gtag?: (...args: unknown[]) => void;
}
const host = window as Window & GtagWindow;

const profile: UserProfile = {
  id: 'u-anna',
  firstName: 'Anna',
  lastName: 'Customer',
  email: 'anna.customer@portico.test',
  language: 'de',
  subscriptionLevel: 'ADVANCED',
  unit4Employee: false,
  permissions: ['NEWS'],
  connectedProducts: [],
  enterpriseCustomerId: 'E-1',
  companyName: 'Anna & Co',
  dynamicsCustomerId: null,
};

const gtagScripts = () =>
  Array.from(document.scripts).filter((s) => s.src.startsWith('https://www.googletagmanager.com'));

/** The commands gtag received, as arrays. */
const commands = () =>
  (host.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>));
const events = (name: string) =>
  commands().filter(([command, event]) => command === 'event' && event === name);

let warn: MockInstance<typeof console.warn>;
let error: MockInstance<typeof console.error>;

beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  delete host.gtag;
  delete host.dataLayer;
  for (const script of gtagScripts()) script.remove();
  vi.restoreAllMocks();
});

function started(id = 'G-TEST123'): Analytics {
  const ga4 = createGa4Analytics(id);
  ga4.init(profile);
  return ga4;
}

describe('GA4 analytics: loading (§7, ADR 0008)', () => {
  it('loads nothing until init, then the gtag.js script of the measurement id, once', () => {
    const ga4 = createGa4Analytics('G-TEST123');
    expect(gtagScripts()).toHaveLength(0);
    expect(host.gtag).toBeUndefined();

    ga4.init(profile);
    const scripts = gtagScripts();
    expect(scripts).toHaveLength(1);
    expect(scripts[0]!.getAttribute('src')).toBe(
      'https://www.googletagmanager.com/gtag/js?id=G-TEST123',
    );
    expect(scripts[0]!.async).toBe(true);

    createGa4Analytics('G-TEST123').init(profile);
    expect(gtagScripts()).toHaveLength(1);
  });

  it('is not created at all without an analytics id', () => {
    expect(configuredAnalytics({ analyticsId: '' })).toBeNull();
    expect(configuredAnalytics({ analyticsId: '  ' })).toBeNull();
    expect(gtagScripts()).toHaveLength(0);
    const ga4 = configuredAnalytics({ analyticsId: ' G-ABC ' });
    ga4!.init(profile);
    expect(gtagScripts().map((s) => s.getAttribute('src'))).toEqual([gtagScriptUrl('G-ABC')]);
  });

  it('sets up dataLayer and gtag, configures without automatic page views and sets the profile dimensions', () => {
    started();
    const [js, set, config] = commands();
    expect(js?.[0]).toBe('js');
    expect(js?.[1]).toBeInstanceOf(Date);
    // §7 dimensions from the profile; a null customer id is left out; nothing personal.
    expect(set).toEqual([
      'set',
      'user_properties',
      { company: 'Anna & Co', enterpriseCustomerId: 'E-1' },
    ]);
    expect(config).toEqual([
      'config',
      'G-TEST123',
      {
        send_page_view: false,
        language: 'de',
        allow_google_signals: false,
        allow_ad_personalization_signals: false,
      },
    ]);
    expect(JSON.stringify(commands())).not.toMatch(/anna\.customer|Customer"|u-anna/);
  });

  it('pushes Arguments objects, which is what gtag.js reads from the data layer', () => {
    started();
    expect(Object.prototype.toString.call(host.dataLayer![0])).toBe('[object Arguments]');
  });

  it('uses a gtag that is already there', () => {
    const gtag = vi.fn();
    host.gtag = gtag;
    started();
    expect(gtag).toHaveBeenCalledWith(
      'config',
      'G-TEST123',
      expect.objectContaining({ send_page_view: false }),
    );
    expect(host.dataLayer).toEqual([]);
  });

  it('warns about an id that is not a GA4 measurement id', () => {
    createGa4Analytics('UA-1234-1');
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/UA-1234-1.*GA4 measurement id/));
  });
});

describe('GA4 analytics: events (§7)', () => {
  it('sends a page view of the path with the page title', () => {
    const ga4 = started();
    document.title = 'News | Portico Community';
    ga4.pageView('/news?page=2');
    expect(events('page_view')).toEqual([
      [
        'event',
        'page_view',
        {
          page_location: `${window.location.origin}/news?page=2`,
          page_title: 'News | Portico Community',
        },
      ],
    ]);
  });

  it('sends site_search_query with query, product and the four result counts', () => {
    const ga4 = started();
    ga4.siteSearchQuery({
      query: 'report',
      productId: 'c-erpx',
      metrics: { productNews: 3, productDocumentation: 12, productSoftwareDownloads: 0, news: 7 },
    });
    expect(events('site_search_query')).toEqual([
      [
        'event',
        'site_search_query',
        {
          query: 'report',
          product: 'c-erpx',
          productNewsCount: 3,
          productDocumentationCount: 12,
          productDownloadsCount: 0,
          newsCount: 7,
        },
      ],
    ]);
  });

  it('leaves out the product when none is chosen and counts of sources that did not answer', () => {
    const ga4 = started();
    ga4.siteSearchQuery({
      query: 'report',
      productId: '',
      metrics: { news: 2, productNews: null },
    });
    expect(events('site_search_query')).toEqual([
      ['event', 'site_search_query', { query: 'report', newsCount: 2 }],
    ]);
    expect(warn).not.toHaveBeenCalled();
  });

  it('sends site_search_navigate with the card clicked and where it leads', () => {
    const ga4 = started();
    ga4.siteSearchNavigate({
      query: 'report',
      productId: 'c-erpx',
      card: 'productDocumentation',
      url: '/my-solutions/erpx/c-erpx/documentation',
    });
    expect(events('site_search_navigate')).toEqual([
      [
        'event',
        'site_search_navigate',
        {
          query: 'report',
          product: 'c-erpx',
          card: 'productDocumentation',
          url: '/my-solutions/erpx/c-erpx/documentation',
        },
      ],
    ]);
  });

  it('sends nothing before init, and says so', () => {
    const ga4 = createGa4Analytics('G-TEST123');
    ga4.pageView('/news');
    ga4.siteSearchQuery({ query: 'report', metrics: {} });
    expect(host.dataLayer).toBeUndefined();
    expect(warn).toHaveBeenCalledWith('Analytics: page view before init, not sent');
  });

  it('initialises once', () => {
    const ga4 = started();
    ga4.init(profile);
    expect(commands().filter(([command]) => command === 'config')).toHaveLength(1);
    expect(warn).toHaveBeenCalledWith('Analytics: init called again, ignored');
  });
});

describe('GA4 analytics: bad arguments and unsupported locale are logged (§8)', () => {
  it.each(['', '   ', 'news'])('does not send a page view of %j', (path) => {
    const ga4 = started();
    ga4.pageView(path);
    expect(events('page_view')).toEqual([]);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^Analytics: page view/));
  });

  it('does not send a search without a query', () => {
    const ga4 = started();
    ga4.siteSearchQuery({ query: ' ', metrics: { news: 1 } });
    ga4.siteSearchNavigate({ query: '', card: 'news', url: '/news' });
    expect(events('site_search_query')).toEqual([]);
    expect(events('site_search_navigate')).toEqual([]);
    expect(warn).toHaveBeenCalledWith('Analytics: site search query without a query, not sent');
    expect(warn).toHaveBeenCalledWith('Analytics: site search navigate without query, not sent');
  });

  it('does not send a card click without card or url', () => {
    const ga4 = started();
    ga4.siteSearchNavigate({ query: 'report', card: '', url: '' });
    expect(events('site_search_navigate')).toEqual([]);
    expect(warn).toHaveBeenCalledWith(
      'Analytics: site search navigate without card, url, not sent',
    );
  });

  it('leaves out negative, NaN and fractional counts and logs each', () => {
    const ga4 = started();
    ga4.siteSearchQuery({
      query: 'report',
      metrics: {
        productNews: -1,
        productDocumentation: Number.NaN,
        productSoftwareDownloads: 1.5,
        news: 4,
      },
    });
    expect(events('site_search_query')).toEqual([
      ['event', 'site_search_query', { query: 'report', newsCount: 4 }],
    ]);
    expect(warn).toHaveBeenCalledTimes(3);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/metric productNews .* got -1/));
    expect(warn).toHaveBeenCalledWith(
      expect.stringMatching(/metric productDocumentation .* got NaN/),
    );
  });

  it('logs an unsupported locale and reports en (§9)', () => {
    createGa4Analytics('G-TEST123').init({ ...profile, language: 'it' });
    expect(warn).toHaveBeenCalledWith("Analytics: unsupported locale 'it', reporting en");
    expect(commands().find(([command]) => command === 'config')?.[2]).toMatchObject({
      language: 'en',
    });
  });

  it.each([
    ['de-DE', 'de'],
    ['nb', 'no'],
    ['SV', 'sv'],
    ['', 'en'],
  ])('accepts the supported locale %j as %s', (language, locale) => {
    createGa4Analytics('G-TEST123').init({ ...profile, language });
    expect(warn).not.toHaveBeenCalled();
    expect(commands().find(([command]) => command === 'config')?.[2]).toMatchObject({
      language: locale,
    });
  });
});

describe('GA4 analytics: errors are logged and sent as exception events (§8)', () => {
  it('logs a throwing gtag and reports the error as an exception event', () => {
    const gtag = vi.fn((...args: unknown[]) => {
      if (args[1] === 'page_view') throw new Error('gtag broke');
    });
    host.gtag = gtag;
    const ga4 = started();
    expect(() => ga4.pageView('/news')).not.toThrow();
    expect(error).toHaveBeenCalledWith('Analytics error (pageView)', expect.any(Error));
    expect(gtag).toHaveBeenLastCalledWith('event', 'exception', {
      description: 'pageView: gtag broke',
      fatal: false,
    });
  });

  it('only logs when even the exception event fails', () => {
    host.gtag = () => {
      throw new Error('gtag broke');
    };
    const ga4 = createGa4Analytics('G-TEST123');
    expect(() => ga4.init(profile)).not.toThrow();
    expect(() => ga4.siteSearchQuery({ query: 'report', metrics: {} })).not.toThrow();
    expect(error).toHaveBeenCalledWith('Analytics error (siteSearchQuery)', expect.any(Error));
    expect(error).toHaveBeenCalledWith('Analytics error (exception event)', expect.any(Error));
  });

  it('logs a script that fails to load and queues an exception event', () => {
    started();
    gtagScripts()[0]!.dispatchEvent(new Event('error'));
    expect(error).toHaveBeenCalledWith('Analytics error (script)', expect.any(Error));
    expect(events('exception')).toEqual([
      [
        'event',
        'exception',
        {
          description: expect.stringMatching(/^script: gtag\.js could not be loaded/) as unknown,
          fatal: false,
        },
      ],
    ]);
  });
});
