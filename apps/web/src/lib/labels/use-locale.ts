import { useTranslation } from 'react-i18next';

/** The user's language (the labels' language), for Intl formatting of numbers and dates. */
export function useLocale(): string {
  const { i18n } = useTranslation();
  return i18n.resolvedLanguage ?? i18n.language;
}
