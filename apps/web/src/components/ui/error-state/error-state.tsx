import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useT } from '../../../lib/labels/use-t.js';
import { catalogueEntryOf } from '../../../lib/http/error-catalogue.js';
import './error-state.labels.js';
import './error-state.css';
import { SecondaryButton } from '../button/secondary-button.js';

/**
 * What a page shows when its data failed (issue 27): the §8 text for the error and a retry,
 * in place of a loading text that would otherwise stay for ever. A 401 shows the session text
 * while the HTTP client is already on its way to the login.
 */
export function ErrorState({
  error,
  onRetry,
  retrying = false,
}: {
  error: unknown;
  onRetry: () => void;
  retrying?: boolean;
}) {
  const t = useT();
  const entry = catalogueEntryOf(error, t);
  return (
    <div className={`ui-error-state ui-error-state--${entry.type}`} role="alert">
      <p>{entry.content}</p>
      <SecondaryButton
        aria-busy={retrying}
        onClick={() => {
          if (!retrying) onRetry();
        }}
      >
        {t('error-state.retry')}
      </SecondaryButton>
    </div>
  );
}

/** ErrorState for a query (TanStack Query): its error, retried by fetching it again. */
export function QueryErrorState({
  query,
}: {
  query: Pick<UseQueryResult, 'error' | 'isFetching' | 'refetch'>;
}) {
  return (
    <ErrorState
      error={query.error}
      retrying={query.isFetching}
      onRetry={() => void query.refetch()}
    />
  );
}

/**
 * A query's content: a failed call is its §8 text with a retry (never a loading text for
 * ever, issue 27); until it answers, the `loading` text; then `children` of the data.
 */
export function QueryContent<T>({
  query,
  loading,
  children,
}: {
  query: UseQueryResult<T>;
  loading: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isError) return <QueryErrorState query={query} />;
  if (!query.data) return <p role="status">{loading}</p>;
  return children(query.data);
}
