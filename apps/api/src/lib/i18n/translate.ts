import { catalogFor, type Catalog } from '@portico/locales/catalogs';
import {
  DEFAULT_LANGUAGE,
  intlLocale,
  isLabelLanguage,
  negotiateLanguage,
  resolveLanguage,
  type LabelLanguage,
} from '@portico/locales';
import type { Queryable } from '../../db/db.js';
import { registeredTexts } from './define-texts.js';
import { findLabelValues } from './labels.repository.js';

export type TextValues = Readonly<Record<string, string | number>>;
/** A text in one language: `t('mail.news.subject', { title })`; with `count`, the plural form. */
export type Translate = (key: string, values?: TextValues) => string;

/** Fills `{name}` and `{{name}}` placeholders; an unknown one stays as written. */
export function fill(template: string, values: TextValues = {}): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}|\{(\w+)\}/g, (whole, a?: string, b?: string) => {
    const value = values[a ?? b ?? ''];
    return value === undefined ? whole : String(value);
  });
}

/**
 * The translator over a set of texts: an override (from the `labels` table) wins, then the
 * language's catalogue, then the English default. A count picks the plural key
 * (`<key>_one`, `<key>_few` …) by Intl.PluralRules, falling back to `<key>_other`.
 */
export function translator(
  language: LabelLanguage,
  catalog: Catalog,
  overrides: ReadonlyMap<string, string> = new Map(),
  defaults?: Readonly<Record<string, string>>,
): Translate {
  const rules = pluralRules(language);
  // Without given defaults, the registry as it is at lookup time (a cached snapshot).
  const lookup = (key: string): string | undefined =>
    overrides.get(key) ?? nonEmpty(catalog[key]) ?? (defaults ?? registeredTexts())[key];
  return (key, values) => {
    let template: string | undefined;
    const count = values?.['count'];
    if (typeof count === 'number') {
      template = lookup(`${key}_${rules.select(count)}`) ?? lookup(`${key}_other`);
    }
    template ??= lookup(key);
    return fill(template ?? key, values);
  };
}

const pluralRulesByLanguage = new Map<LabelLanguage, Intl.PluralRules>();
function pluralRules(language: LabelLanguage): Intl.PluralRules {
  let rules = pluralRulesByLanguage.get(language);
  if (rules === undefined) {
    rules = new Intl.PluralRules(intlLocale(language));
    pluralRulesByLanguage.set(language, rules);
  }
  return rules;
}

const nonEmpty = (value: string | undefined): string | undefined =>
  value !== undefined && value.trim() !== '' ? value : undefined;

/** Values of the `labels` table for a language (editorial overrides, spec §7); blanks ignored. */
export async function labelOverrides(
  db: Queryable,
  language: LabelLanguage,
): Promise<Map<string, string>> {
  const rows = await findLabelValues(db, language);
  return new Map(rows.filter((r) => r.value.trim() !== '').map((r) => [r.key, r.value]));
}

const serverCatalogs = new Map<LabelLanguage, Catalog>();

/**
 * The catalogue server texts are looked up in: the server part over the web part, so a name
 * both the pages and the SPA show (a subscription topic) is translated once, as a web label.
 * Built once per language from the immutable catalogues.
 */
export function serverCatalog(language: LabelLanguage): Catalog {
  let catalog = serverCatalogs.get(language);
  if (catalog === undefined) {
    catalog = { ...catalogFor('web', language), ...catalogFor('server', language) };
    serverCatalogs.set(language, catalog);
  }
  return catalog;
}

/** The server texts in a language: overrides from the database over the catalogue. */
export async function textsFor(db: Queryable, language: LabelLanguage): Promise<Translate> {
  return translator(language, serverCatalog(language), await labelOverrides(db, language));
}

const catalogTranslators = new Map<LabelLanguage, Translate>();

/**
 * The server texts of a language from the catalogue alone, without the database's overrides:
 * for what must not wait for a query (the busy sign-in page under a flood, ADR 0042) and what
 * is rendered once at start-up.
 */
export function catalogTexts(language: LabelLanguage): Translate {
  let t = catalogTranslators.get(language);
  if (t === undefined) {
    t = translator(language, serverCatalog(language));
    catalogTranslators.set(language, t);
  }
  return t;
}

/** The English texts without overrides, for what is rendered once at start-up. */
export const englishTexts = (): Translate => catalogTexts(DEFAULT_LANGUAGE);

export interface LanguageSources {
  /** An explicit choice: a `language` parameter, or the OIDC `ui_locales`. */
  explicit?: string | null | undefined;
  /** The signed-in user's profile language. */
  profile?: string | null | undefined;
  /** The Accept-Language header, for signed-out visitors. */
  acceptLanguage?: string | null | undefined;
}

/**
 * Which language a page or answer is in (issue 16): an explicit choice (one of the nine or the
 * pseudo-locale), else the profile's language, else Accept-Language, else en. An unsupported
 * explicit or profile language falls back to en and is reported to `log` (spec §8).
 */
export function chooseLanguage(
  sources: LanguageSources,
  log?: (message: string) => void,
): LabelLanguage {
  const report = (tag: string) => log?.(`Unsupported locale '${tag}', using ${DEFAULT_LANGUAGE}`);
  const explicit = sources.explicit?.trim();
  if (explicit) {
    if (isLabelLanguage(explicit)) return explicit;
    const first = explicit.split(/[\s,]+/, 1)[0] ?? '';
    return resolveLanguage(first, report);
  }
  const profile = sources.profile?.trim();
  // The pseudo-locale arrives as a profile language from a preview's USER cookie.
  if (profile) return isLabelLanguage(profile) ? profile : resolveLanguage(profile, report);
  return negotiateLanguage(sources.acceptLanguage);
}
