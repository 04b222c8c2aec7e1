import type { LabelEntry } from '@portico/contracts';
import {
  DEFAULT_LANGUAGE,
  PSEUDO_LANGUAGE,
  SUPPORTED_LANGUAGES,
  resolveLanguage,
  type LabelLanguage,
  type Language,
} from '@portico/locales';
import { queryOptions } from '@tanstack/react-query';
import { contentUrl } from '../../config/runtime-config.js';
import { deferredSchema } from '../http/deferred-schema.js';
import { httpGet } from '../http/http-client.js';
import { notify } from '../notifications/notification-store.js';
import { registeredDefaults } from './define-labels.js';
import './labels.labels.js';
import { i18n } from './i18n.js';

// Start-up answer: checked once the page settles (ADR 0047).
const labelList = deferredSchema('list', () =>
  import('@portico/contracts/content').then(({ labelListSchema }) => labelListSchema),
);

/**
 * Server labels (§7 first row): GET {content}/labels/cpplabels?language=<profile language>,
 * a list of {key, value} merged over the built-in English defaults (an empty value falls back
 * to the default). On failure the defaults are used and a persistent notice says so (§4).
 * The query function applies the result to the label store itself, so loading (or refreshing) the
 * query is all the shell has to do.
 */

/** §9: default language en; supported locales (one list for the API and the app, @portico/locales). */
export const DEFAULT_LOCALE = DEFAULT_LANGUAGE;
export const SUPPORTED_LOCALES = SUPPORTED_LANGUAGES;
export type Locale = Language;

/**
 * The supported locale for a profile language ('de', 'de-DE', 'DE_de' → 'de'); otherwise en,
 * and an unsupported one is logged (§8).
 */
export function resolveLocale(language: string | null | undefined): Locale {
  return resolveLanguage(language, (tag) => {
    console.warn(`Unsupported locale '${tag}', using ${DEFAULT_LOCALE}`);
  });
}

/** A label language: the pseudo-locale (a preview, issue 16) as it is, anything else resolved. */
export const labelLanguageOf = (language: string | null | undefined): LabelLanguage =>
  language === PSEUDO_LANGUAGE ? PSEUDO_LANGUAGE : resolveLocale(language);

/** Server values over defaults; an empty (or blank) server value keeps the default. */
export function mergeLabels(
  defaults: Record<string, string>,
  serverList: readonly LabelEntry[],
): Record<string, string> {
  const merged = { ...defaults };
  for (const { key, value } of serverList) {
    if (value.trim() !== '') merged[key] = value;
  }
  return merged;
}

/**
 * Loads labels into the label store: the merged set becomes the 'server' namespace of the language,
 * which becomes the current language. Returns the merged set.
 */
export async function applyLabels(
  language: string,
  list: readonly LabelEntry[],
): Promise<Record<string, string>> {
  const locale = labelLanguageOf(language);
  const merged = mergeLabels(registeredDefaults(), list);
  i18n.removeResourceBundle(locale, 'server');
  i18n.addResourceBundle(locale, 'server', merged, false, true);
  await i18n.changeLanguage(locale);
  document.documentElement.lang = locale;
  return merged;
}

export interface LoadedLabels {
  /** The language the labels are in (en after a fallback). */
  language: LabelLanguage;
  labels: Record<string, string>;
  /** True when the server labels could not be loaded and the English defaults are used. */
  fallback: boolean;
}

/** Fetches, merges and applies the labels; never fails (the fallback is the defaults). */
export async function loadLabels(
  language: string | null | undefined,
  signal?: AbortSignal,
): Promise<LoadedLabels> {
  const locale = labelLanguageOf(language);
  let list: LabelEntry[] | null = null;
  try {
    list = await httpGet(contentUrl('labels/cpplabels'), labelList, {
      query: { language: locale },
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    console.error('Labels could not be loaded; using the English defaults', error);
  }
  if (list === null) {
    const labels = await applyLabels(DEFAULT_LOCALE, []);
    notify({
      type: 'information',
      title: '',
      content: i18n.t('labels.fallback.notice'),
      persistent: true,
    });
    return { language: DEFAULT_LOCALE, labels, fallback: true };
  }
  return { language: locale, labels: await applyLabels(locale, list), fallback: false };
}

/** TanStack Query options for the labels of a profile language; loaded once, cached. */
export function labelsQueryOptions(language: string | null | undefined) {
  const locale = labelLanguageOf(language);
  return queryOptions({
    queryKey: ['labels', locale] as const,
    queryFn: ({ signal }) => loadLabels(locale, signal),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
}
