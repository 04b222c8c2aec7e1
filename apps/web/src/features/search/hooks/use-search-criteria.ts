import { useSearchParams } from 'react-router';

/** The page's criteria (§2 search row: query parameters query and productId). */
export interface SearchCriteria {
  /** Trimmed; '' = no query entered. */
  query: string;
  /** A product's contentId; '' = no product selected. */
  productId: string;
}

/** Reads the criteria from the address; spaces around them do not make new criteria. */
export function useSearchCriteria(): SearchCriteria {
  const [params] = useSearchParams();
  return {
    query: params.get('query')?.trim() ?? '',
    productId: params.get('productId')?.trim() ?? '',
  };
}
