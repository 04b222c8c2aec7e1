import { describe, expect, it } from 'vitest';
import { paths, routePaths, slugify } from './paths.js';

describe('paths registry (§2)', () => {
  it('has every §2 route', () => {
    expect(Object.values(routePaths)).toEqual(
      expect.arrayContaining([
        '/home',
        '/login',
        '/state-redirect',
        '/news',
        '/news/news-item/:newsTitle/:newsId',
        '/search',
        '/my-solutions',
        '/cloud',
        '/cloud/maintenance',
        '/cloud/reports',
        '/invoices',
        '/services',
        '/services/incident',
        '/services/service-request',
        '/services/track-cases',
        '/services/track-case/:caseNo',
        '/services/portals',
        '/services/contacts',
        '/user-management',
        '/my-settings',
        '/my-settings/subscriptions',
        '/download-report-engine',
        '/university',
        '/resources',
        '/salespartners',
        '/marketplace',
        '/billingplatform',
        '/csm',
        '*',
      ]),
    );
  });

  it('slugifies news titles for the detail link', () => {
    expect(slugify("Cloud & ERP: what's new?")).toBe('cloud-erp-what-s-new');
    expect(slugify('  Übersicht für Kunden  ')).toBe('ubersicht-fur-kunden');
    expect(slugify('!!!')).toBe('item');
    expect(paths.newsItem('Release 2025.1 is here', 42)).toBe(
      '/news/news-item/release-2025-1-is-here/42',
    );
  });

  it('builds login with an encoded returnUrl', () => {
    expect(paths.login()).toBe('/login');
    expect(paths.login('/news?page=2&query=cloud')).toBe(
      '/login?returnUrl=%2Fnews%3Fpage%3D2%26query%3Dcloud',
    );
    const back = new URL(paths.login('/news?page=2&query=cloud'), 'http://x').searchParams;
    expect(back.get('returnUrl')).toBe('/news?page=2&query=cloud');
  });

  it('builds search and news links without empty parameters', () => {
    expect(paths.search('cloud erp', '7')).toBe('/search?query=cloud+erp&productId=7');
    expect(paths.search('cloud')).toBe('/search?query=cloud');
    expect(paths.news()).toBe('/news');
    expect(paths.news({ page: 2, query: 'cloud', startDate: '' })).toBe('/news?page=2&query=cloud');
  });

  it('encodes path parameters', () => {
    expect(paths.servicesTrackCase('CS 001/2')).toBe('/services/track-case/CS%20001%2F2');
    expect(paths.productSection('erpx', 'c-1', 'documentation')).toBe(
      '/my-solutions/erpx/c-1/documentation',
    );
  });
});
