import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { QueryContent } from '../../../components/ui/error-state/error-state.js';
import { useT, type LabelKey } from '../../../lib/labels/use-t.js';

/**
 * A cloud section's data (QueryContent with the cloud's loading text); an empty list, when
 * `empty` names its text, says so.
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
  return (
    <QueryContent query={query} loading={t('cloud.loading')}>
      {(data) => (empty && data.length === 0 ? <p role="status">{t(empty)}</p> : children(data))}
    </QueryContent>
  );
}
