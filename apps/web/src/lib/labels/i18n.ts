import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * Labels run on i18next. English defaults live in the 'defaults' namespace (registered by
 * defineLabels at import time); labels from the server go into 'server' for the user's
 * language. Lookups try 'server' first and fall back to the defaults (spec §7).
 */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  ns: ['server', 'defaults'],
  defaultNS: 'server',
  fallbackNS: 'defaults',
  resources: {},
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
  keySeparator: false,
  nsSeparator: false,
});
