import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from './i18n.js';
import { applyLabels } from './labels-query.js';
import { capturePreviewLanguage, previewLanguage } from './preview-language.js';
import '../../features/search/search.labels.js';

afterEach(async () => {
  i18n.removeResourceBundle('pl', 'server');
  i18n.removeResourceBundle('de', 'server');
  await i18n.changeLanguage('en');
  window.sessionStorage.clear();
});

describe('plural labels (issue 16)', () => {
  it('pick the Polish form for each count with Intl.PluralRules', async () => {
    await applyLabels('pl', [
      { key: 'search.count_one', value: '{{count}} wynik' },
      { key: 'search.count_few', value: '{{count}} wyniki' },
      { key: 'search.count_many', value: '{{count}} wyników' },
      { key: 'search.count_other', value: '{{count}} wyniku' },
    ]);
    expect([1, 2, 4, 5, 12, 22, 25, 101].map((count) => i18n.t('search.count', { count }))).toEqual(
      [
        '1 wynik',
        '2 wyniki',
        '4 wyniki',
        '5 wyników',
        '12 wyników',
        '22 wyniki',
        '25 wyników',
        '101 wyników',
      ],
    );
  });

  it('fall back to the English forms when a language has none', async () => {
    await applyLabels('de', []);
    expect(i18n.t('search.count', { count: 1 })).toBe('1 result');
    expect(i18n.t('search.count', { count: 7 })).toBe('7 results');
  });
});

describe('language preview', () => {
  it('keeps ?language= for the session; ?language=profile or an unknown code ends it', () => {
    expect(previewLanguage()).toBeNull();
    capturePreviewLanguage('?language=en-XA');
    expect(previewLanguage()).toBe('en-XA');
    capturePreviewLanguage('?query=x');
    expect(previewLanguage()).toBe('en-XA');
    capturePreviewLanguage('?language=profile');
    expect(previewLanguage()).toBeNull();
    capturePreviewLanguage('?language=pl');
    expect(previewLanguage()).toBe('pl');
    capturePreviewLanguage('?language=xx');
    expect(previewLanguage()).toBeNull();
  });
});
