import { describe, expect, it } from 'vitest';
import { chooseLanguage, fill, translator } from './translate.js';

describe('chooseLanguage (issue 16)', () => {
  it('takes an explicit choice, then the profile, then Accept-Language, then en', () => {
    expect(chooseLanguage({ explicit: 'de', profile: 'fr', acceptLanguage: 'sv' })).toBe('de');
    expect(chooseLanguage({ explicit: 'en-XA', profile: 'fr' })).toBe('en-XA');
    expect(chooseLanguage({ profile: 'fr-FR', acceptLanguage: 'sv' })).toBe('fr');
    expect(chooseLanguage({ profile: 'nb', acceptLanguage: 'sv' })).toBe('no');
    expect(chooseLanguage({ profile: 'en-XA', acceptLanguage: 'sv' })).toBe('en-XA');
    expect(chooseLanguage({ acceptLanguage: 'it, sv;q=0.4, de;q=0.7' })).toBe('de');
    expect(chooseLanguage({ acceptLanguage: 'it, ja' })).toBe('en');
    expect(chooseLanguage({})).toBe('en');
  });

  it('falls back to en for an unsupported explicit or profile language, and logs it (§8)', () => {
    const logged: string[] = [];
    expect(chooseLanguage({ explicit: 'it' }, (m) => logged.push(m))).toBe('en');
    expect(chooseLanguage({ profile: 'ja-JP' }, (m) => logged.push(m))).toBe('en');
    expect(logged).toEqual([
      "Unsupported locale 'it', using en",
      "Unsupported locale 'ja-JP', using en",
    ]);
  });
});

describe('translator', () => {
  const defaults = {
    greeting: 'Hello {name}',
    items_one: '{{count}} item',
    items_other: '{{count}} items',
  };

  it('puts overrides over the catalogue over the English default, ignoring blanks', () => {
    const t = translator('de', { greeting: 'Hallo {name}' }, new Map(), defaults);
    expect(t('greeting', { name: 'Anna' })).toBe('Hallo Anna');
    const overridden = translator(
      'de',
      { greeting: ' ' },
      new Map([['greeting', 'Servus {name}']]),
      defaults,
    );
    expect(overridden('greeting', { name: 'Anna' })).toBe('Servus Anna');
    expect(
      translator('de', { greeting: ' ' }, new Map(), defaults)('greeting', { name: 'A' }),
    ).toBe('Hello A');
  });

  it('picks the plural form with Intl.PluralRules (Polish has four)', () => {
    const pl = translator(
      'pl',
      {
        items_one: '{{count}} element',
        items_few: '{{count}} elementy',
        items_many: '{{count}} elementów',
        items_other: '{{count}} elementu',
      },
      new Map(),
      defaults,
    );
    expect([1, 3, 5, 22, 25].map((count) => pl('items', { count }))).toEqual([
      '1 element',
      '3 elementy',
      '5 elementów',
      '22 elementy',
      '25 elementów',
    ]);
    expect(translator('en', {}, new Map(), defaults)('items', { count: 1 })).toBe('1 item');
  });

  it('fills both placeholder styles and leaves unknown ones', () => {
    expect(fill('{a} and {{ b }} and {c}', { a: 1, b: 'two' })).toBe('1 and two and {c}');
  });
});
