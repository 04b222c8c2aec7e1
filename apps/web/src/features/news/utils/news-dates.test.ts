import { describe, expect, it } from 'vitest';
import { endOfLocalDay, startOfLocalDay, toEpochRange } from './news-dates.js';

describe('date filter bounds (§7 news: start and end of day, local time)', () => {
  it('gives the first and the last millisecond of the local days', () => {
    expect(startOfLocalDay('2026-03-01')).toBe(new Date(2026, 2, 1, 0, 0, 0, 0).getTime());
    expect(endOfLocalDay('2026-03-05')).toBe(new Date(2026, 2, 5, 23, 59, 59, 999).getTime());
  });

  it('only gives bounds for an active filter: both dates valid and in order', () => {
    expect(toEpochRange('2026-03-01', '2026-03-05')).toEqual({
      fromDateTime: startOfLocalDay('2026-03-01'),
      toDateTime: endOfLocalDay('2026-03-05'),
    });
    expect(toEpochRange('2026-03-01', undefined)).toBeNull();
    expect(toEpochRange('2026-03-06', '2026-03-05')).toBeNull();
    expect(toEpochRange('1999-03-01', '2026-03-05')).toBeNull();
    expect(toEpochRange('2026-02-30', '2026-03-05')).toBeNull();
  });
});
