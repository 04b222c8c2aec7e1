import { describe, expect, it } from 'vitest';
import { fromLocalInput, toLocalInput } from './local-date-time.js';

describe('datetime-local values in the profile time zone (issue 16)', () => {
  it('reads and writes wall-clock time in the named zone, whatever the browser zone', () => {
    const noonUtc = Date.UTC(2026, 6, 9, 12, 0);
    expect(toLocalInput(noonUtc, 'Europe/Oslo')).toBe('2026-07-09T14:00');
    expect(toLocalInput(noonUtc, 'Asia/Tokyo')).toBe('2026-07-09T21:00');
    expect(toLocalInput(noonUtc, 'America/New_York')).toBe('2026-07-09T08:00');
    expect(fromLocalInput('2026-07-09T14:00', 'Europe/Oslo')).toBe(noonUtc);
    expect(fromLocalInput('2026-07-09T21:00', 'Asia/Tokyo')).toBe(noonUtc);
    expect(fromLocalInput('2026-01-09T13:00', 'Europe/Oslo')).toBe(Date.UTC(2026, 0, 9, 12, 0));
  });

  it('is right on both sides of a daylight-saving change', () => {
    // Oslo goes from UTC+1 to UTC+2 at 01:00 UTC on 29 March 2026.
    expect(fromLocalInput('2026-03-29T01:30', 'Europe/Oslo')).toBe(Date.UTC(2026, 2, 29, 0, 30));
    expect(fromLocalInput('2026-03-29T04:00', 'Europe/Oslo')).toBe(Date.UTC(2026, 2, 29, 2, 0));
    const moment = Date.UTC(2026, 9, 25, 3, 0);
    expect(fromLocalInput(toLocalInput(moment, 'Europe/Oslo'), 'Europe/Oslo')).toBe(moment);
    // 02:30 happens twice when the clocks go back (25 October): either moment is that time.
    expect([Date.UTC(2026, 9, 25, 0, 30), Date.UTC(2026, 9, 25, 1, 30)]).toContain(
      fromLocalInput('2026-10-25T02:30', 'Europe/Oslo'),
    );
  });

  it('answers NaN for what is not a date-time', () => {
    expect(fromLocalInput('', 'UTC')).toBeNaN();
    expect(fromLocalInput('tomorrow', 'UTC')).toBeNaN();
  });
});
