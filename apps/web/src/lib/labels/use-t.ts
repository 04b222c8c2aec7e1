import { useSyncExternalStore } from 'react';
import { currentTranslate, subscribeLabels, type Translate } from './i18n.js';

export type { Translate };

/** The label lookup for components: t('news.title') or t('search-box.error.minlength', { number: 3 }). */
export function useT(): Translate {
  return useSyncExternalStore(subscribeLabels, currentTranslate);
}
