import { isActiveRange } from '../../../components/ui/date-filter/date-range.js';

/** Epoch-millisecond bounds of the news API (§7: start of the first day, end of the last). */
export interface EpochRange {
  fromDateTime: number;
  toDateTime: number;
}

function localDay(isoDate: string): [number, number, number] {
  const [year = NaN, month = NaN, day = NaN] = isoDate.split('-').map(Number);
  return [year, month - 1, day];
}

/** Start of the day of a yyyy-mm-dd date in the user's local time, as epoch ms. */
export function startOfLocalDay(isoDate: string): number {
  const [year, month, day] = localDay(isoDate);
  return new Date(year, month, day).getTime();
}

/**
 * Last millisecond of the day of a yyyy-mm-dd date in the user's local time. Computed as
 * "next midnight minus 1 ms", so a 23- or 25-hour day (daylight saving) is right too.
 */
export function endOfLocalDay(isoDate: string): number {
  const [year, month, day] = localDay(isoDate);
  return new Date(year, month, day + 1).getTime() - 1;
}

/** The API bounds of an applied date filter; null when the filter is not active (§4). */
export function toEpochRange(
  startDate: string | undefined,
  endDate: string | undefined,
): EpochRange | null {
  if (!isActiveRange(startDate, endDate) || startDate === undefined || endDate === undefined) {
    return null;
  }
  return { fromDateTime: startOfLocalDay(startDate), toDateTime: endOfLocalDay(endDate) };
}
