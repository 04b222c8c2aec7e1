import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { QueryErrorState } from '../../../components/ui/error-state/error-state.js';
import { useT, type LabelKey } from '../../../lib/labels/use-t.js';

/**
 * A cloud section's data: a failed call is the §8 text with a retry, never a loading text for
 * ever (issue 27); until it answers, the loading text; an empty list, when `empty` names its
 * text, says so; else the section (`children` of the data).
 */
export function CloudQuery<T>({
  query,
  empty,
  children,
}: {
  query: UseQueryResult<readonly T[]>;
  empty?: LabelKey;
  children: (data: readonly T[]) => ReactNode;
}) {
  const t = useT();
  if (query.isError) return <QueryErrorState query={query} />;
  if (!query.data) return <p role="status">{t('cloud.loading')}</p>;
  if (empty && query.data.length === 0) return <p role="status">{t(empty)}</p>;
  return children(query.data);
}
