/** §9 Search minimum length. */
export const DEFAULT_MIN_LENGTH = 3;

/** §9 Sort options. */
export const SORT_OPTIONS = ['date', 'relevance'] as const;
export type SortOrder = (typeof SORT_OPTIONS)[number];

export const isSortOrder = (value: string): value is SortOrder =>
  (SORT_OPTIONS as readonly string[]).includes(value);

export type QueryError = 'required' | 'minlength';

/**
 * §5 Search box rules: a query is required and at least `minLength` characters long.
 * Surrounding white space does not count towards either rule.
 */
export function validateQuery(
  value: string,
  minLength: number = DEFAULT_MIN_LENGTH,
): QueryError | null {
  const trimmed = value.trim();
  if (trimmed.length === 0) return 'required';
  if (trimmed.length < minLength) return 'minlength';
  return null;
}
