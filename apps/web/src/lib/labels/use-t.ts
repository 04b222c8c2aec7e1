import { useSyncExternalStore } from 'react';
import { currentTranslate, subscribeLabels, type LabelKey, type Translate } from './i18n.js';

export type { LabelKey, Translate };
export { labelIfAny } from './i18n.js';

/** The label lookup for components: t('news.title') or t('search-box.error.minlength', { number: 3 }). */
export function useT(): Translate {
  // The same snapshot on the server: the first paint renders with the store as set for it.
  return useSyncExternalStore(subscribeLabels, currentTranslate, currentTranslate);
}
