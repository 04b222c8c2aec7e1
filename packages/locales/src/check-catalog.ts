import type { PSEUDO_LANGUAGE } from './languages.js';
import { type Language } from './languages.js';
import { PLURAL_SUFFIX, placeholdersOf, pluralBase, pluralCategories } from './plurals.js';

/**
 * What is wrong with a translated catalogue compared with the English one (ADR 0040):
 * missing or extra keys, empty values, placeholders that differ from English, plural keys
 * without every category the language's Intl.PluralRules use, and sentences left in English.
 * An empty list means complete.
 */
export function catalogProblems(
  language: Exclude<Language, 'en'> | typeof PSEUDO_LANGUAGE,
  english: Readonly<Record<string, string>>,
  translated: Readonly<Record<string, string>>,
  sameAsEnglish: ReadonlySet<string> = SAME_IN_EVERY_LANGUAGE,
): string[] {
  const problems: string[] = [];
  const categories = pluralCategories(language);
  const expected = new Map<string, string>(); // key → the English text it translates
  for (const [key, text] of Object.entries(english)) {
    const base = pluralBase(key);
    if (base === null) {
      expected.set(key, text);
      continue;
    }
    const other = english[`${base}_other`] ?? text;
    for (const category of categories) expected.set(`${base}_${category}`, other);
  }
  for (const [key, text] of expected) {
    const value = translated[key];
    if (value === undefined) {
      problems.push(`${language}: missing ${key}`);
      continue;
    }
    if (value.trim() === '') {
      problems.push(`${language}: empty ${key}`);
      continue;
    }
    const want = placeholdersOf(text);
    const got = placeholdersOf(value);
    // A singular form may say "one" instead of showing {{count}} ('1 Ergebnis').
    const optional = PLURAL_SUFFIX.test(key) && !key.endsWith('_other') ? ['count'] : [];
    const missing = want.filter((p) => !got.includes(p) && !optional.includes(p));
    const extra = got.filter((p) => !want.includes(p));
    if (missing.length > 0 || extra.length > 0) {
      problems.push(
        `${language}: ${key} has placeholders {${got.join(', ')}} but English has {${want.join(', ')}}`,
      );
    }
    if (value === text && /[a-z]{3,}\s+[a-z]{3,}/i.test(text) && !sameAsEnglish.has(key)) {
      problems.push(`${language}: ${key} is still English: "${value}"`);
    }
  }
  for (const key of Object.keys(translated)) {
    if (!expected.has(key)) problems.push(`${language}: ${key} is not an English key`);
  }
  return problems;
}

/**
 * Keys whose English text is a name, not a sentence, and stays as is in every language:
 * product and platform names.
 */
export const SAME_IN_EVERY_LANGUAGE: ReadonlySet<string> = new Set([
  'title.section.dealmanagement',
  'title.section.talent-management',
]);
