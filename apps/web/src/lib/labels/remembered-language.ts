import { resolveLanguage, type Language } from '@portico/locales';
import { local } from '../storage/storage.js';

/**
 * The label language of the last profile this browser saw (ADR 0021), so the labels can
 * load side by side with the profile instead of after it. Only the locale is kept (en, de …),
 * nothing about the user; a wrong guess costs one more labels request, nothing else.
 */
const KEY = 'portico.labels-language';

export function rememberedLanguage(): Language {
  return resolveLanguage(local.get(KEY));
}

export function rememberLanguage(language: string | null | undefined): void {
  local.set(KEY, resolveLanguage(language));
}

/**
 * The language this browser knows its user by, or null for a first visit: only then may the
 * sign-in page follow the browser's Accept-Language instead (issue 16).
 */
export function knownLanguage(): Language | null {
  const stored = local.get(KEY);
  return stored === null ? null : resolveLanguage(stored);
}
