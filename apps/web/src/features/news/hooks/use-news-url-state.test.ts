import { describe, expect, it } from 'vitest';
import { NEWS_QUERY_KEY } from '../utils/news-query-storage.js';
import { readNewsUrlState } from './use-news-url-state.js';

describe('news list state from the address (§4 News list)', () => {
  it('defaults to page 1 with no query and no dates', () => {
    expect(readNewsUrlState('', undefined)).toEqual({
      page: 1,
      query: '',
      startDate: undefined,
      endDate: undefined,
    });
  });

  it('reads page, query and dates; the query is kept as typed', () => {
    expect(
      readNewsUrlState(
        '?page=4&query=%20cloud%20&startDate=2026-01-01&endDate=2026-01-31',
        undefined,
      ),
    ).toEqual({ page: 4, query: ' cloud ', startDate: '2026-01-01', endDate: '2026-01-31' });
  });

  it('takes the page from /news/{page}, but the page parameter wins', () => {
    expect(readNewsUrlState('', '3').page).toBe(3);
    expect(readNewsUrlState('?page=2', '3').page).toBe(2);
    expect(readNewsUrlState('?page=0', '3').page).toBe(3);
  });

  it.each(['0', '-1', 'abc', '1.5', '', '99999999999'])('ignores page "%s"', (page) => {
    expect(readNewsUrlState(`?page=${page}`, 'anything').page).toBe(1);
  });

  it('restores an empty query from session storage, never a given one', () => {
    sessionStorage.setItem(NEWS_QUERY_KEY, 'saved');
    expect(readNewsUrlState('', undefined).query).toBe('saved');
    expect(readNewsUrlState('?query=', undefined).query).toBe('saved');
    expect(readNewsUrlState('?query=typed', undefined).query).toBe('typed');
  });
});
