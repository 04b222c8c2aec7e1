import { i18n } from './i18n.js';

/**
 * Registers English defaults for a set of label keys and returns them unchanged, so a module
 * keeps its texts beside its code: `export const pagerLabels = defineLabels({ 'pagination.first': 'First page' })`.
 */
export function defineLabels<const T extends Record<string, string>>(defaults: T): T {
  i18n.addResourceBundle('en', 'defaults', defaults, true, false);
  return defaults;
}

/** Every default registered so far (used for merging and for tests). */
export function registeredDefaults(): Record<string, string> {
  return { ...i18n.getResourceBundle('en', 'defaults') };
}
