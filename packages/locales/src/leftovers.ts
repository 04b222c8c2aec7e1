// Issue 16, issue 26: which of a page's texts is an English label left untranslated. The
// catalogues say what English and each translation read; a text on the page that equals an
// English label whose translation differs is a leftover. Shared by the browser tests (e2e)
// and the web app's jsdom test of every language (apps/web/src/app/languages.test.tsx).
import { CATALOGS, type Catalog } from './catalogs.js';
import { PSEUDO_LANGUAGE, SUPPORTED_LANGUAGES, type LabelLanguage } from './languages.js';
import { pluralBase } from './plurals.js';

const PLACEHOLDER = /\{\{\s*\w+\s*\}\}|\{\w+\}/g;

/** A text every translation keeps as in English is a name (Support4U, Portico), never a leftover. */
function isName(part: 'web' | 'server', key: string, text: string): boolean {
  const others = SUPPORTED_LANGUAGES.filter((l) => l !== 'en').map((l) => CATALOGS[part][l][key]);
  return others.every((value) => value === text);
}

export interface EnglishText {
  key: string;
  /** True for the text as shown, placeholders filled with anything. */
  matches: (shown: string) => boolean;
}

/** Placeholders that always stand for a number, so "{{count}} user" never matches "Key user". */
const NUMERIC = /^(count|number|total|first|last|seconds|step|used|year)$/;
/** Placeholders that stand for one token, so "Customer {id}" never matches a news title. */
const TOKEN = /^(id|code)$/;

/**
 * A matcher for a template: its literal pieces in order, the first at the start and the last
 * at the end (indexOf, not a regular expression, so long texts cannot make it backtrack); a
 * numeric placeholder must be filled with a number.
 */
function templateMatcher(template: string): (shown: string) => boolean {
  const pieces = template.split(PLACEHOLDER).map((piece) => piece.replace(/\s+/g, ' '));
  const names = [...template.matchAll(PLACEHOLDER)].map((m) => m[0].replace(/[{}\s]/g, ''));
  if (pieces.length === 1) return (shown) => shown === pieces[0];
  const first = pieces[0] ?? '';
  const last = pieces[pieces.length - 1] ?? '';
  return (shown) => {
    if (!shown.startsWith(first) || !shown.endsWith(last)) return false;
    const end = shown.length - last.length;
    let at = first.length;
    for (let i = 1; i < pieces.length; i += 1) {
      const piece = pieces[i] ?? '';
      const found = i === pieces.length - 1 ? end : shown.indexOf(piece, at + 1);
      if (found < at + 1) return false;
      const value = shown.slice(at, found);
      if (NUMERIC.test(names[i - 1] ?? '') && !/^[\d.,\u00a0\u202f +]+$/.test(value)) return false;
      if (TOKEN.test(names[i - 1] ?? '') && /\s/.test(value)) return false;
      at = found + piece.length;
    }
    return true;
  };
}

/**
 * The English texts whose translation in `language` reads differently (a name such as
 * 'Portico' reads the same everywhere and is never a leftover). Templates with placeholders
 * match with any value in them, when enough of their own words remain to be recognised.
 */
export function englishLeftoverPatterns(language: LabelLanguage): EnglishText[] {
  const found: EnglishText[] = [];
  for (const part of ['web', 'server'] as const) {
    const english: Catalog = CATALOGS[part].en;
    const translated: Catalog =
      language === PSEUDO_LANGUAGE || language === 'en' ? {} : CATALOGS[part][language];
    for (const [key, text] of Object.entries(english)) {
      const base = pluralBase(key);
      const forms =
        base === null
          ? [translated[key]]
          : Object.entries(translated)
              .filter(([k]) => pluralBase(k) === base)
              .map(([, v]) => v);
      if (forms.includes(text) || isName(part, key, text)) continue;
      const literal = text.replace(PLACEHOLDER, ' ');
      if ((literal.match(/[A-Za-z]/g) ?? []).length < 4) continue;
      found.push({ key, matches: templateMatcher(text.replace(/\s+/g, ' ')) });
    }
  }
  return found;
}

/** Every text the language's own catalogues hold: such a text is never a leftover. */
export function ownTexts(language: LabelLanguage): Set<string> {
  if (language === PSEUDO_LANGUAGE || language === 'en') return new Set();
  return new Set(
    (['web', 'server'] as const).flatMap((part) =>
      Object.values(CATALOGS[part][language]).map((v) => v.replace(/\s+/g, ' ')),
    ),
  );
}

/**
 * The shown texts that are English labels (with their keys), for a readable failure. A text
 * the language itself uses for some label ('News' is German for a page title too) is not one.
 */
export function leftovers(
  texts: readonly string[],
  patterns: readonly EnglishText[],
  own: ReadonlySet<string> = new Set(),
): string[] {
  const hits = new Set<string>();
  for (const text of texts) {
    if (own.has(text)) continue;
    const match = patterns.find((p) => p.matches(text));
    if (match) hits.add(`${match.key}: "${text}"`);
  }
  return [...hits];
}
