import { useSyncExternalStore } from 'react';
import { currentLanguage, subscribeLabels } from './i18n.js';

/** The user's language (the labels' language), for Intl formatting of numbers and dates. */
export function useLocale(): string {
  return useSyncExternalStore(subscribeLabels, currentLanguage);
}
