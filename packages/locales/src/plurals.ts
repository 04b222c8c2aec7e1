import { intlLocale, type LabelLanguage } from './languages.js';

/**
 * Count labels follow i18next's plural keys: `<base>_one`, `<base>_other`, and in Polish also
 * `<base>_few` and `<base>_many`, chosen by Intl.PluralRules for the language. A catalogue
 * holds exactly the categories its language uses.
 */
export const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

export function pluralCategories(language: LabelLanguage): readonly string[] {
  return new Intl.PluralRules(intlLocale(language)).resolvedOptions().pluralCategories;
}

/** The base of a plural key ('toolbar.results_one' → 'toolbar.results'), or null. */
export function pluralBase(key: string): string | null {
  return PLURAL_SUFFIX.test(key) ? key.replace(PLURAL_SUFFIX, '') : null;
}

/** The placeholders of a text: {{count}} and {email} style, sorted, without duplicates. */
export function placeholdersOf(text: string): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(/\{\{\s*([A-Za-z0-9_]+)\s*\}\}|\{([A-Za-z0-9_]+)\}/g)) {
    found.add(m[1] ?? m[2] ?? '');
  }
  return [...found].sort();
}
