import { isRealIsoDate } from '@portico/contracts/dates';
/** §9 Date filter debounce. */
export const DATE_FILTER_DEBOUNCE_MS = 200;

/** §5/§9 Quick ranges: start is today minus this many days, end is today. */
export const QUICK_RANGE_DAYS = {
  'last-year': 364,
  'last-month': 30,
  'last-week': 7,
} as const;
export type QuickRange = keyof typeof QUICK_RANGE_DAYS;
export const QUICK_RANGES = Object.keys(QUICK_RANGE_DAYS) as QuickRange[];

/** What the filter emits: both dates, or neither (the filter is inactive). */
export interface DateRange {
  startDate: string | undefined;
  endDate: string | undefined;
}

export const CLEARED_RANGE: DateRange = { startDate: undefined, endDate: undefined };

/** §5: an ISO yyyy-mm-dd date in a year 2xxx that exists in the calendar. */
export function isValidIsoDate(value: string | null | undefined): value is string {
  return value != null && value.startsWith('2') && isRealIsoDate(value);
}

/** The local calendar date of `date` as yyyy-mm-dd (not UTC: "today" is the user's today). */
export function toIsoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** §5 quick options: start = today − 364, 30 or 7 days; end = today (local dates). */
export function quickRange(kind: QuickRange, today: Date): { startDate: string; endDate: string } {
  const start = new Date(
    today.getFullYear(),
    today.getMonth(),
    today.getDate() - QUICK_RANGE_DAYS[kind],
  );
  return { startDate: toIsoDate(start), endDate: toIsoDate(today) };
}

/** §4: the filter is active when both dates are set and valid (and in order). */
export function isActiveRange(
  startDate: string | null | undefined,
  endDate: string | null | undefined,
): boolean {
  return isValidIsoDate(startDate) && isValidIsoDate(endDate) && startDate <= endDate;
}

export type RangeCheck = 'apply' | 'start-after-end' | 'incomplete' | 'invalid';

/**
 * §5 rules for a pair of input values: both valid → apply (unless start is after end);
 * either missing → incomplete (the filter becomes inactive); otherwise invalid (nothing emitted).
 */
export function checkRange(startDate: string, endDate: string): RangeCheck {
  if (startDate === '' || endDate === '') return 'incomplete';
  if (!isValidIsoDate(startDate) || !isValidIsoDate(endDate)) return 'invalid';
  return startDate > endDate ? 'start-after-end' : 'apply';
}
