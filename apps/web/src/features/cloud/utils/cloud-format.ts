import type { Format } from '../../../lib/format/format.js';

/** A window's end: the time only when it ends on the day it starts (in the user's zone). */
export function formatEnd(format: Format, startIso: string, endIso: string): string {
  return format.isoDay(startIso) === format.isoDay(endIso)
    ? format.time(endIso)
    : format.dateTime(endIso);
}
