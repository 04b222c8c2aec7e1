/** The browser's time zone (IANA name), in which every cloud time is shown. */
export function userTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** A moment in the user's locale and zone, with the zone's short name: "14 Nov 2026, 21:00 CET". */
export function formatMoment(iso: string, locale: string, timeZone = userTimeZone()): string {
  return new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  }).format(new Date(iso));
}

/** The zone's name as the user's locale writes it at a moment ("Central European Standard Time"). */
export function zoneName(locale: string, at: Date, timeZone = userTimeZone()): string {
  const part = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'long' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName');
  return part ? `${part.value} (${timeZone})` : timeZone;
}

/** A window's end: the time only when it ends on the day it starts (in the user's zone). */
export function formatEnd(
  startIso: string,
  endIso: string,
  locale: string,
  timeZone = userTimeZone(),
): string {
  const day = (iso: string) =>
    new Intl.DateTimeFormat('en-CA', { timeZone, dateStyle: 'short' }).format(new Date(iso));
  if (day(startIso) !== day(endIso)) return formatMoment(endIso, locale, timeZone);
  return new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone }).format(new Date(endIso));
}

/** A calendar day (yyyy-mm-dd) in the user's locale. */
export function formatDay(isoDay: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${isoDay}T00:00:00Z`),
  );
}

/** "2026-05" → "May 2026" in the user's locale. */
export function formatMonth(month: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${month}-01T00:00:00Z`));
}

export function formatPercent(value: number, locale: string, digits = 2): string {
  return new Intl.NumberFormat(locale, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);
}
