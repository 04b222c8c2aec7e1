/**
 * `<input type="datetime-local">` values in a time zone (issue 16: the profile's zone, not
 * the browser's). The input holds wall-clock time without a zone; these convert it to and
 * from epoch milliseconds for a named IANA zone, daylight saving included.
 */
const pad = (n: number): string => String(n).padStart(2, '0');

const wallClocks = new Map<string, Intl.DateTimeFormat>();

function wallClock(timeZone: string): Intl.DateTimeFormat {
  let format = wallClocks.get(timeZone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    wallClocks.set(timeZone, format);
  }
  return format;
}

/** The wall-clock fields of a moment in a zone. */
function fieldsAt(ms: number, timeZone: string): Record<string, number> {
  const fields: Record<string, number> = {};
  for (const part of wallClock(timeZone).formatToParts(new Date(ms))) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  return fields;
}

/** How far the zone's wall clock is ahead of UTC at a moment, in milliseconds. */
function offsetAt(ms: number, timeZone: string): number {
  const f = fieldsAt(ms, timeZone);
  const wall = Date.UTC(
    f['year'] ?? 0,
    (f['month'] ?? 1) - 1,
    f['day'] ?? 1,
    f['hour'] ?? 0,
    f['minute'] ?? 0,
    f['second'] ?? 0,
  );
  return wall - Math.floor(ms / 1000) * 1000;
}

/** Epoch milliseconds as the input's value, on the zone's wall clock. */
export function toLocalInput(ms: number, timeZone: string): string {
  const f = fieldsAt(ms, timeZone);
  return `${f['year'] ?? ''}-${pad(f['month'] ?? 0)}-${pad(f['day'] ?? 0)}T${pad(f['hour'] ?? 0)}:${pad(f['minute'] ?? 0)}`;
}

/** The input's value, read on the zone's wall clock, as epoch milliseconds; NaN when not a date. */
export function fromLocalInput(value: string, timeZone: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!m) return NaN;
  const [, y, mo, d, h, mi, s] = m.map(Number);
  const wall = Date.UTC(
    y ?? NaN,
    (mo ?? NaN) - 1,
    d ?? NaN,
    h ?? NaN,
    mi ?? NaN,
    Number.isNaN(s) ? 0 : (s ?? 0),
  );
  if (Number.isNaN(wall)) return NaN;
  // The offset at the guessed moment, then once more at the corrected one (daylight saving).
  const first = wall - offsetAt(wall, timeZone);
  return wall - offsetAt(first, timeZone);
}
