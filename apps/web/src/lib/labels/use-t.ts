import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

export type Translate = (key: string, vars?: Record<string, string | number>) => string;

/** The label lookup for components: t('news.title') or t('search-box.error.minlength', { number: 3 }). */
export function useT(): Translate {
  const { t } = useTranslation();
  return useCallback<Translate>((key, vars) => t(key, vars ?? {}), [t]);
}
