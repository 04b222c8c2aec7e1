import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatFor, toIntlLocale } from './format.js';
import { browserTimeZone, resolveTimeZone } from './time-zone.js';

// Intl separates groups and units with (narrow) no-break spaces: compare with plain ones.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

/** A publication at noon UTC on 9 July 2026 (§2 news card date). */
const JULY_9_NOON = Date.UTC(2026, 6, 9, 12);
/** 23:30 UTC on 9 July: already 10 July in Berlin and Tokyo. */
const JULY_9_LATE = '2026-07-09T23:30:00Z';

describe('toIntlLocale', () => {
  it('maps label languages to Intl locales', () => {
    expect(toIntlLocale('no')).toBe('nb');
    expect(toIntlLocale('en-XA')).toBe('en');
    expect(toIntlLocale('pl')).toBe('pl');
    expect(toIntlLocale('not a locale!')).toBe('en');
  });
});

describe('time zone: profile, else browser, else UTC', () => {
  afterEach(() => vi.restoreAllMocks());

  it('takes the profile zone when Intl knows it', () => {
    expect(resolveTimeZone('Europe/Oslo')).toBe('Europe/Oslo');
    expect(resolveTimeZone('Mars/Olympus')).toBe(browserTimeZone());
    expect(resolveTimeZone(undefined)).toBe(browserTimeZone());
  });

  it('uses UTC when the browser names no zone', () => {
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({
      timeZone: '',
    } as Intl.ResolvedDateTimeFormatOptions);
    expect(browserTimeZone()).toBe('UTC');
  });
});

describe("the news date 'd MMMM y' (§2)", () => {
  it.each([
    ['en', 'Asia/Tokyo', '9 July 2026'],
    ['de', 'Europe/Berlin', '9. Juli 2026'],
    ['nb', 'Europe/Oslo', '9. juli 2026'],
    ['pl', 'Europe/Warsaw', '9 lipca 2026'],
    ['fr', 'Europe/Paris', '9 juillet 2026'],
  ])('in %s (%s)', (locale, zone, expected) => {
    expect(formatFor(locale, zone).date(JULY_9_NOON)).toBe(expected);
  });

  it.each([
    ['en', '5 March 2026'],
    ['de', '5. März 2026'],
    ['fr', '5 mars 2026'],
    ['nl', '5 maart 2026'],
    ['es', '5 de marzo de 2026'],
    ['sv', '5 mars 2026'],
  ])('5 March 2026 in %s', (locale, expected) => {
    expect(formatFor(locale, 'UTC').date(Date.UTC(2026, 2, 5, 12))).toBe(expected);
  });

  it('is the day in the profile zone, not in UTC', () => {
    expect(formatFor('de', 'Europe/Berlin').date(JULY_9_LATE)).toBe('10. Juli 2026');
    expect(formatFor('en', 'Asia/Tokyo').date(JULY_9_LATE)).toBe('10 July 2026');
    expect(formatFor('en', 'America/New_York').date(JULY_9_LATE)).toBe('9 July 2026');
    expect(formatFor('de', 'Europe/Berlin').isoDay(JULY_9_LATE)).toBe('2026-07-10');
    expect(formatFor('en', 'America/New_York').isoDay(JULY_9_LATE)).toBe('2026-07-09');
  });

  it('falls back to English and UTC for values Intl refuses', () => {
    const format = formatFor('not a locale!', 'Mars/Olympus');
    expect(format.locale).toBe('en');
    expect(format.timeZone).toBe('UTC');
    expect(format.date(JULY_9_NOON)).toBe('9 July 2026');
  });
});

describe('date-time and time in the zone', () => {
  it.each([
    ['de', 'Europe/Berlin', '10.07.2026, 01:30', '01:30'],
    ['en', 'Asia/Tokyo', 'Jul 10, 2026, 8:30 AM', '8:30 AM'],
    ['pl', 'Europe/Warsaw', '10 lip 2026, 01:30', '01:30'],
    ['nb', 'Europe/Oslo', '10. juli 2026, 01:30', '01:30'],
  ])('in %s (%s)', (locale, zone, dateTime, time) => {
    const format = formatFor(locale, zone);
    expect(plain(format.dateTime(JULY_9_LATE))).toBe(dateTime);
    expect(plain(format.time(JULY_9_LATE))).toBe(time);
  });

  it('names the zone', () => {
    expect(formatFor('en', 'Europe/Oslo').zoneName(JULY_9_NOON)).toBe(
      'Central European Summer Time (Europe/Oslo)',
    );
    expect(formatFor('de', 'Asia/Tokyo').zoneName(JULY_9_NOON)).toBe(
      'Japanische Normalzeit (Asia/Tokyo)',
    );
  });
});

describe('calendar dates (yyyy-mm-dd) never shift with the zone', () => {
  it.each(['Pacific/Kiritimati', 'Asia/Tokyo', 'UTC', 'America/New_York', 'Pacific/Pago_Pago'])(
    'in %s',
    (zone) => {
      expect(formatFor('en', zone).calendarDate('2026-07-09')).toBe('9 July 2026');
      expect(formatFor('de', zone).calendarDate('2026-07-09', 'medium')).toBe('09.07.2026');
      expect(formatFor('en', zone).calendarDate('2026-07-09', 'medium')).toBe('Jul 9, 2026');
      expect(formatFor('en', zone).calendarDate('2026-06-16', 'long')).toBe('June 16, 2026');
      expect(formatFor('pl', zone).calendarDate('2026-01-01')).toBe('1 stycznia 2026');
      expect(formatFor('en', zone).month('2026-05')).toBe('May 2026');
    },
  );

  it('shows a value that is no such date as it is', () => {
    expect(formatFor('en', 'UTC').calendarDate('soon')).toBe('soon');
  });
});

describe('numbers, per cent, currency and file size', () => {
  it('formats numbers in the locale', () => {
    expect(formatFor('de', 'UTC').number(1234567.891)).toBe('1.234.567,891');
    expect(formatFor('en', 'UTC').number(99.5, 2)).toBe('99.50');
    expect(plain(formatFor('nb', 'UTC').number(1234.5, 1))).toBe('1 234,5');
  });

  it('formats per cent values (0–100)', () => {
    expect(formatFor('en', 'UTC').percent(99.7, 1)).toBe('99.7%');
    expect(plain(formatFor('de', 'UTC').percent(99.95, 2))).toBe('99,95 %');
  });

  it.each([
    ['de', 'EUR', '1.250,50 €'],
    ['de', 'NOK', '1.250,50 NOK'],
    ['nb', 'EUR', '1 250,50 €'],
    ['nb', 'NOK', '1 250,50 kr'],
    ['en', 'NOK', 'NOK 1,250.50'],
  ])('an amount in %s in %s', (locale, currency, expected) => {
    expect(plain(formatFor(locale, 'UTC').currency('1250.50', currency))).toBe(expected);
  });

  it('shows a value that is no ISO currency code after the amount', () => {
    expect(formatFor('en', 'UTC').currency(12, 'kr')).toBe('12.00 kr');
  });

  it('formats file sizes in decimal units', () => {
    expect(formatFor('en', 'UTC').fileSize(2_456_789)).toBe('2.5 MB');
    expect(formatFor('de', 'UTC').fileSize(2_456_789)).toBe('2,5 MB');
    expect(formatFor('en', 'UTC').fileSize(512_000)).toBe('512 kB');
    expect(formatFor('en', 'UTC').fileSize(12)).toBe('12 byte');
    expect(plain(formatFor('de', 'UTC').milliseconds(1250))).toBe('1.250 ms');
  });
});

describe('formatFor', () => {
  it('gives the same object for the same locale and zone', () => {
    expect(formatFor('de', 'Europe/Berlin')).toBe(formatFor('de', 'Europe/Berlin'));
    expect(formatFor('de', 'Europe/Berlin')).not.toBe(formatFor('de', 'Asia/Tokyo'));
  });
});
