import { shownByCaller } from '../../../lib/http/failure-handling.js';

/**
 * What every count query of the search page shares (§4 "Product search runs only when both
 * query and productId are present and differ from the last criteria"): the criteria are the
 * query key, so the same criteria never ask again while they are cached, and a failed source
 * is shown at once on its card instead of being retried behind a spinner (and not as a
 * notification: `shownByCaller`, ADR 0065).
 */
export const searchCountQueryDefaults = {
  staleTime: Infinity,
  retry: false,
  meta: shownByCaller,
} as const;

/** §8: how a failed University or support-system call is logged. */
export const UNIVERSITY_OR_SN_ERROR = 'Error in University or SN call';
