import { describe, expect, it } from 'vitest';
import { pageTitle, sectionName } from './page-title.js';

const SUFFIX = ' | Portico Community';

describe('browser title (§1; docs/decisions/0003-browser-title.md)', () => {
  it.each([
    ['/my-solutions/erp/10/documentation', 'erp'],
    ['/my-solutions/erpx/11/software', 'erpx'],
    ['/my-solutions/financials/12/documentation', 'Financials'],
    ['/my-solutions/fpa/13/documentation', 'FP&A'],
    ['/my-solutions/te/14/software', 'T&E'],
    ['/my-solutions/talent-management/15/documentation', 'Talent Management'],
    ['/services', 'Support4U'],
    ['/services/track-case/CS0001', 'Support4U'],
    ['/university', 'University4U'],
    ['/dealmanagement', 'Deal Management 4U'],
    ['/resources', 'Resources4U'],
    ['/my-solutions', 'My Solutions'],
    ['/news', 'News'],
    ['/news/3', 'News'],
    ['/news/news-item/cloud-update/12', 'News'],
    ['/search', 'Search'],
    ['/my-solutions/erpx/11/news', 'News'],
  ])('%s → %s', (path, name) => {
    expect(pageTitle(path, SUFFIX)).toBe(`${name}${SUFFIX}`);
  });

  it('falls back to the first segment capitalised for unmapped paths', () => {
    expect(sectionName('/quotes/2024')).toBe('Quotes');
    expect(sectionName('/cloud-reports/x')).toBe('Cloud reports');
  });

  it("titles the root 'Portico'", () => {
    expect(pageTitle('/', SUFFIX)).toBe(`Portico${SUFFIX}`);
    expect(pageTitle('', SUFFIX)).toBe(`Portico${SUFFIX}`);
  });

  it('ignores case, query and fragment', () => {
    expect(sectionName('/NEWS?page=2#x')).toBe('News');
  });

  it('takes display names through the label function when given', () => {
    const t = (key: string) => (key === 'title.section.services' ? 'Support' : key);
    expect(pageTitle('/services/incident', ' - P', t)).toBe('Support - P');
  });
});

describe('the /invoices title is a label (issue 27)', () => {
  it('names /invoices through title.section.invoices, so it is translated', async () => {
    const { catalogFor } = await import('@portico/locales/catalogs');
    const german = catalogFor('web', 'de');
    const t = (key: string): string => german[key] ?? key;
    expect(sectionName('/invoices', t)).toBe('Rechnungen');
    expect(sectionName('/invoices')).toBe('Invoices');
  });
});
