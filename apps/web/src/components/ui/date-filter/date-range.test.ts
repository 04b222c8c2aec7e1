import { describe, expect, it } from 'vitest';
import {
  checkRange,
  DATE_FILTER_DEBOUNCE_MS,
  isActiveRange,
  isValidIsoDate,
  quickRange,
  toIsoDate,
} from './date-range.js';

describe('date range helpers (§5 Date filter, §9)', () => {
  it('debounces by 200 ms', () => {
    expect(DATE_FILTER_DEBOUNCE_MS).toBe(200);
  });

  it('accepts only ISO yyyy-mm-dd dates with a year 2xxx', () => {
    expect(isValidIsoDate('2026-03-05')).toBe(true);
    expect(isValidIsoDate('2000-01-01')).toBe(true);
    expect(isValidIsoDate('2999-12-31')).toBe(true);
    expect(isValidIsoDate('1999-12-31')).toBe(false);
    expect(isValidIsoDate('3000-01-01')).toBe(false);
    expect(isValidIsoDate('26-03-05')).toBe(false);
    expect(isValidIsoDate('2026-3-5')).toBe(false);
    expect(isValidIsoDate('05/03/2026')).toBe(false);
    expect(isValidIsoDate('2026-03-05T00:00')).toBe(false);
    expect(isValidIsoDate(' 2026-03-05')).toBe(false);
    expect(isValidIsoDate('')).toBe(false);
    expect(isValidIsoDate(undefined)).toBe(false);
    expect(isValidIsoDate(null)).toBe(false);
  });

  it('rejects dates that do not exist in the calendar', () => {
    expect(isValidIsoDate('2026-02-29')).toBe(false);
    expect(isValidIsoDate('2028-02-29')).toBe(true);
    expect(isValidIsoDate('2026-13-01')).toBe(false);
    expect(isValidIsoDate('2026-04-31')).toBe(false);
    expect(isValidIsoDate('2026-00-10')).toBe(false);
  });

  it('formats the local calendar date', () => {
    expect(toIsoDate(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
    expect(toIsoDate(new Date(2026, 11, 31, 0, 0))).toBe('2026-12-31');
  });

  it('sets quick ranges to today minus 364, 30 or 7 days, ending today', () => {
    const today = new Date(2026, 2, 15, 10, 30); // 15 March 2026, local
    expect(quickRange('last-year', today)).toEqual({
      startDate: '2025-03-16',
      endDate: '2026-03-15',
    });
    expect(quickRange('last-month', today)).toEqual({
      startDate: '2026-02-13',
      endDate: '2026-03-15',
    });
    expect(quickRange('last-week', today)).toEqual({
      startDate: '2026-03-08',
      endDate: '2026-03-15',
    });
  });

  it('crosses month and year boundaries by calendar days', () => {
    const today = new Date(2026, 0, 3);
    expect(quickRange('last-week', today)).toEqual({
      startDate: '2025-12-27',
      endDate: '2026-01-03',
    });
  });

  it('is active only when both dates are set, valid and in order', () => {
    expect(isActiveRange('2026-01-01', '2026-02-01')).toBe(true);
    expect(isActiveRange('2026-01-01', '2026-01-01')).toBe(true);
    expect(isActiveRange('2026-01-01', undefined)).toBe(false);
    expect(isActiveRange(undefined, '2026-01-01')).toBe(false);
    expect(isActiveRange('1999-01-01', '2026-01-01')).toBe(false);
    expect(isActiveRange('2026-02-01', '2026-01-01')).toBe(false);
  });

  it('classifies a pair of input values', () => {
    expect(checkRange('2026-01-01', '2026-02-01')).toBe('apply');
    expect(checkRange('2026-02-02', '2026-02-01')).toBe('start-after-end');
    expect(checkRange('', '2026-02-01')).toBe('incomplete');
    expect(checkRange('2026-02-01', '')).toBe('incomplete');
    expect(checkRange('1990-02-01', '2026-02-01')).toBe('invalid');
  });
});
