import { describe, expect, it } from 'vitest';
import { DEFAULT_MIN_LENGTH, isSortOrder, SORT_OPTIONS, validateQuery } from './search-query.js';

describe('search query rules (§5 Search box, §9)', () => {
  it('requires a query of at least 3 characters by default', () => {
    expect(DEFAULT_MIN_LENGTH).toBe(3);
    expect(validateQuery('')).toBe('required');
    expect(validateQuery('   ')).toBe('required');
    expect(validateQuery('ab')).toBe('minlength');
    expect(validateQuery(' ab ')).toBe('minlength');
    expect(validateQuery('abc')).toBeNull();
  });

  it('honours a configured minimum length', () => {
    expect(validateQuery('abcd', 5)).toBe('minlength');
    expect(validateQuery('abcde', 5)).toBeNull();
    expect(validateQuery('a', 1)).toBeNull();
  });

  it('knows the sort options date and relevance', () => {
    expect(SORT_OPTIONS).toEqual(['date', 'relevance']);
    expect(isSortOrder('date')).toBe(true);
    expect(isSortOrder('title')).toBe(false);
  });
});
