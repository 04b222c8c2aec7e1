/**
 * The nine languages of the portal (spec §9: en, and de, es, fr, nl, no, pt, pl, sv): the only
 * values a profile's `language` or a `language` parameter may hold (issue 27: anything else is
 * a 400, not stored). The same list as SUPPORTED_LANGUAGES of @portico/locales, which the
 * contracts do not depend on; exports-language.test.ts holds the two equal.
 */
export const PORTAL_LANGUAGES = ['en', 'de', 'es', 'fr', 'nl', 'no', 'pt', 'pl', 'sv'] as const;
export type PortalLanguage = (typeof PORTAL_LANGUAGES)[number];

export const isPortalLanguage = (value: string): value is PortalLanguage =>
  (PORTAL_LANGUAGES as readonly string[]).includes(value);
