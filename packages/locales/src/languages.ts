/**
 * The portal's languages (spec §9: default en; supported de, es, fr, nl, no, pt, pl, sv) and
 * how a language tag from a profile, a query parameter or Accept-Language maps onto them.
 * Shared by the API and the web app so both decide the same way (ADR 0040).
 */
export const DEFAULT_LANGUAGE = 'en';
export const SUPPORTED_LANGUAGES = ['en', 'de', 'es', 'fr', 'nl', 'no', 'pt', 'pl', 'sv'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];

/**
 * The pseudo-locale: English, accented and about 30 % longer, inside ⟦ ⟧. Served only when
 * asked for by name (a `language` parameter), for translators and the overflow test.
 */
export const PSEUDO_LANGUAGE = 'en-XA';
export type LabelLanguage = Language | typeof PSEUDO_LANGUAGE;

/** The language's own name, for pickers: a name a reader of that language recognises. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  en: 'English',
  de: 'Deutsch',
  es: 'Español',
  fr: 'Français',
  nl: 'Nederlands',
  no: 'Norsk',
  pt: 'Português',
  pl: 'Polski',
  sv: 'Svenska',
};

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);

export const isLabelLanguage = (value: unknown): value is LabelLanguage =>
  value === PSEUDO_LANGUAGE || isLanguage(value);

/**
 * The supported language of a tag ('de', 'de-DE', 'DE_de' → de; nb, nn → no), or null when
 * the tag names none of them. Empty input is null too.
 */
export function matchLanguage(tag: string | null | undefined): Language | null {
  const primary = (tag ?? '').trim().toLowerCase().split(/[-_]/, 1)[0] ?? '';
  if (primary === 'nb' || primary === 'nn') return 'no';
  return isLanguage(primary) ? primary : null;
}

/**
 * The language for a tag, falling back to en. An unsupported, non-empty tag is reported to
 * `onUnsupported` (spec §8: an unsupported locale is logged).
 */
export function resolveLanguage(
  tag: string | null | undefined,
  onUnsupported?: (tag: string) => void,
): Language {
  const match = matchLanguage(tag);
  if (match !== null) return match;
  if ((tag ?? '').trim() !== '') onUnsupported?.(String(tag));
  return DEFAULT_LANGUAGE;
}

/**
 * The best supported language of an Accept-Language header (RFC 9110 §12.5.4): the ranges in
 * order of their q-values (ties keep header order), the first that maps to a supported
 * language wins; `*` or nothing usable means en.
 */
export function negotiateLanguage(header: string | null | undefined): Language {
  const ranges = (header ?? '')
    .split(',')
    .map((part, index) => {
      const [range = '', ...params] = part.trim().split(';');
      const q = params
        .map((p) => p.trim().match(/^q=([01](?:\.\d{0,3})?)$/i))
        .find((m) => m !== null);
      return { range: range.trim(), q: q ? Number(q[1]) : 1, index };
    })
    .filter((r) => r.range !== '' && r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { range } of ranges) {
    const match = matchLanguage(range);
    if (match !== null) return match;
  }
  return DEFAULT_LANGUAGE;
}

/** The BCP 47 tag for Intl formatting in a label language (the pseudo-locale formats as en). */
export const intlLocale = (language: LabelLanguage): string =>
  language === PSEUDO_LANGUAGE ? 'en' : language === 'no' ? 'nb' : language;
