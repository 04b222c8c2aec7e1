import { describe, expect, it } from 'vitest';
import { newsListQuerySchema } from './news.js';

describe('news list query (§7 news rows)', () => {
  it('defaults to page 1 of 30 without filters', () => {
    expect(newsListQuerySchema.parse({})).toEqual({ page: 1, size: 30 });
  });

  it('reads the epoch form as inclusive bounds', () => {
    expect(
      newsListQuerySchema.parse({
        page: '2',
        size: '10',
        query: ' cloud ',
        fromDateTime: '1000',
        toDateTime: '2000',
      }),
    ).toEqual({ page: 2, size: 10, query: 'cloud', from: 1000, to: 2000 });
  });

  it('reads ISO dates as whole UTC days, the end day included', () => {
    expect(
      newsListQuerySchema.parse({ pageSize: '5', startDate: '2026-03-01', endDate: '2026-03-01' }),
    ).toEqual({
      page: 1,
      size: 5,
      from: Date.UTC(2026, 2, 1),
      to: Date.UTC(2026, 2, 2) - 1,
    });
  });

  it.each([
    [{ page: '0' }, 'page'],
    [{ size: '101' }, 'size'],
    [{ pageSize: '0' }, 'pageSize'],
    [{ startDate: '2026-02-29' }, 'startDate'],
    [{ endDate: '2026-13-01' }, 'endDate'],
    [{ fromDateTime: '12abc' }, 'fromDateTime'],
    [{ fromDateTime: '2000', toDateTime: '1000' }, 'after'],
    [{ size: '10', endDate: '2026-01-01' }, 'either'],
    [{ query: 'x'.repeat(201) }, '200'],
    [{ page: ['1', '2'] }, 'once'],
  ])('refuses %o', (input, messagePart) => {
    const result = newsListQuerySchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain(messagePart);
  });
});
