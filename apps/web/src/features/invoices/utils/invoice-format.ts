/** An amount with its currency in the user's locale: "NOK 178,825.00", "178 825,00 kr" … */
export function formatAmount(amount: string, currency: string, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(Number(amount));
}

/** A calendar day (yyyy-mm-dd) in the user's locale; the day itself never shifts by zone. */
export function formatDay(isoDay: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${isoDay}T00:00:00Z`),
  );
}

/** A moment (ISO date-time) in the user's locale and time zone. */
export function formatMoment(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );
}
