// The search's numbers (issue 38, §9), apart from its schemas: the header's search box reads
// them on the start-up path, where zod must not load (ADR 0059).

/** Hits shown under each card of the search results page (issue 38). */
export const SEARCH_HITS_PER_SOURCE = 3;
/** The header's suggestions: at most this many titles, after §9's minimum of characters. */
export const SEARCH_SUGGESTIONS_LIMIT = 8;
/** §9 Search minimum length 3. */
export const SEARCH_MIN_LENGTH = 3;
