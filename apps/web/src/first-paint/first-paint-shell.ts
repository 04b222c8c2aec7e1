import type { LabelEntry } from '@portico/contracts';
import type { LabelLanguage } from '@portico/locales';
import { registeredDefaults } from '../lib/labels/define-labels.js';
import { i18n } from '../lib/labels/i18n.js';
import { labelLanguageOf, mergeLabels } from '../lib/labels/labels-query.js';

/**
 * Puts the user's labels in the label store for a server render. The store is one per
 * process: call this right before `renderToString`, with no `await` in between.
 */
export function setServerLabels(language: string, labels: readonly LabelEntry[]): LabelLanguage {
  const locale = labelLanguageOf(language);
  i18n.removeResourceBundle(locale, 'server');
  i18n.addResourceBundle(locale, 'server', mergeLabels(registeredDefaults(), labels));
  void i18n.changeLanguage(locale);
  return locale;
}
