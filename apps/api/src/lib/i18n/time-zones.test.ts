import { describe, expect, it } from 'vitest';
import { canonicalTimeZone, timeZoneIds } from './time-zones.js';

describe('time zones by their current IANA names (issue 37)', () => {
  /**
   * Name → current name: the old names the platform and old profiles use, a current name,
   * and one it does not know.
   */
  const currentNames = {
    'Asia/Calcutta': 'Asia/Kolkata',
    'Europe/Kiev': 'Europe/Kyiv',
    'America/Godthab': 'America/Nuuk',
    'Asia/Saigon': 'Asia/Ho_Chi_Minh',
    'US/Eastern': 'America/New_York',
    'Etc/UTC': 'UTC',
    'Europe/Oslo': 'Europe/Oslo',
    'Mars/Olympus': 'Mars/Olympus',
  };
  it.each(Object.entries(currentNames))('maps %s to its current name %s', (name, current) => {
    expect(canonicalTimeZone(name)).toBe(current);
  });

  it('lists every platform zone once, by its current name, with UTC', () => {
    const ids = timeZoneIds();
    expect(ids).toEqual(expect.arrayContaining(['Asia/Kolkata', 'Europe/Kyiv', 'America/Nuuk']));
    expect(ids).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/Calcutta|Kiev|Godthab|Saigon|Rangoon/)]),
    );
    expect(ids).toContain('UTC');
    expect(new Set(ids).size).toBe(ids.length);
    // Every listed name is one Intl accepts.
    for (const id of ids)
      expect(() => new Intl.DateTimeFormat('en', { timeZone: id })).not.toThrow();
  });
});
