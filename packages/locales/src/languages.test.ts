import { describe, expect, it } from 'vitest';
import { catalogProblems } from './check-catalog.js';
import { matchLanguage, negotiateLanguage, resolveLanguage } from './languages.js';
import { pseudoLocalize } from './pseudo.js';

describe('languages', () => {
  it('maps tags onto the nine languages', () => {
    expect(matchLanguage('de-AT')).toBe('de');
    expect(matchLanguage('NB_no')).toBe('no');
    expect(matchLanguage('pt-BR')).toBe('pt');
    expect(matchLanguage('it')).toBeNull();
    const logged: string[] = [];
    expect(resolveLanguage('ja', (tag) => logged.push(tag))).toBe('en');
    expect(resolveLanguage('', (tag) => logged.push(tag))).toBe('en');
    expect(logged).toEqual(['ja']);
  });

  it('negotiates Accept-Language by q-value, then order', () => {
    expect(negotiateLanguage('fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5')).toBe('fr');
    expect(negotiateLanguage('it, de;q=0.2, sv;q=0.9')).toBe('sv');
    expect(negotiateLanguage('nl;q=0, pl')).toBe('pl');
    expect(negotiateLanguage('*')).toBe('en');
    expect(negotiateLanguage(undefined)).toBe('en');
  });
});

describe('pseudoLocalize', () => {
  it('accents, lengthens by about 30 % and brackets, keeping placeholders and tags', () => {
    const english = 'Please enter a query of at least {{number}} characters';
    const pseudo = pseudoLocalize(english);
    expect(pseudo.startsWith('⟦Þľéášé··')).toBe(true);
    expect(pseudo.endsWith('⟧')).toBe(true);
    expect(pseudo).toContain('{{number}}');
    expect(pseudo.length / english.length).toBeGreaterThan(1.25);
    expect(pseudoLocalize('Send to {email} <b>now</b>')).toContain('{email} <b>');
  });
});

describe('catalogProblems', () => {
  const english = {
    'a.title': 'Your account manager',
    'a.results_one': '{{count}} result',
    'a.results_other': '{{count}} results',
    'a.brand': 'Portico',
  };

  it('accepts a complete translation, with a singular that spells out one', () => {
    const pl = {
      'a.title': 'Twój opiekun klienta',
      'a.results_one': 'Jeden wynik',
      'a.results_few': '{{count}} wyniki',
      'a.results_many': '{{count}} wyników',
      'a.results_other': '{{count}} wyniku',
      'a.brand': 'Portico',
    };
    expect(catalogProblems('pl', english, pl)).toEqual([]);
  });

  it('reports missing plural forms, lost placeholders, English left over and unknown keys', () => {
    const pl = {
      'a.title': 'Your account manager',
      'a.results_one': '1 wynik',
      'a.results_other': 'wyniki',
      'a.brand': ' ',
      'a.extra': 'x',
    };
    expect(catalogProblems('pl', english, pl)).toEqual([
      'pl: a.title is still English: "Your account manager"',
      'pl: missing a.results_few',
      'pl: missing a.results_many',
      'pl: a.results_other has placeholders {} but English has {count}',
      'pl: empty a.brand',
      'pl: a.extra is not an English key',
    ]);
  });
});
