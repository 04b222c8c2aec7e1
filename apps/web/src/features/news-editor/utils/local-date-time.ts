const pad = (n: number): string => String(n).padStart(2, '0');

/** Epoch milliseconds as an `<input type="datetime-local">` value, in the browser's time zone. */
export function toLocalInput(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The input's value as epoch milliseconds; NaN when it is empty or not a date. */
export function fromLocalInput(value: string): number {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return NaN;
  // Without a zone designator the date-time form is read as local time (ECMAScript Date).
  return new Date(value).getTime();
}
