// Calendar dates as both apps read them (zod-free: the web's date filter imports it).

/** An ISO yyyy-mm-dd calendar date that exists (2026-02-30 does not), from the year 1000 on. */
export function isRealIsoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1000 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}

/** Start of the UTC day of a real ISO yyyy-mm-dd date; null for anything else. */
export function utcDayStart(value: string): number | null {
  return isRealIsoDate(value) ? Date.parse(`${value}T00:00:00Z`) : null;
}
