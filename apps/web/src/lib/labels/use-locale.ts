import { useSyncExternalStore } from 'react';
import { currentLanguage, subscribeLabels } from './i18n.js';

/** The user's language (the labels' language), for Intl formatting of numbers and dates. */
export function useLocale(): string {
  // The same snapshot on the server: the first paint renders in the language set for it.
  return useSyncExternalStore(subscribeLabels, currentLanguage, currentLanguage);
}
