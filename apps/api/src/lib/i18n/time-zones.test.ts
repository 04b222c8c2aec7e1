import { describe, expect, it } from 'vitest';
import { canonicalTimeZone, timeZoneIds } from './time-zones.js';

describe('time zones by their current IANA names (issue 37)', () => {
  it('maps the old names the platform and old profiles use to the current ones', () => {
    expect(canonicalTimeZone('Asia/Calcutta')).toBe('Asia/Kolkata');
    expect(canonicalTimeZone('Europe/Kiev')).toBe('Europe/Kyiv');
    expect(canonicalTimeZone('America/Godthab')).toBe('America/Nuuk');
    expect(canonicalTimeZone('Asia/Saigon')).toBe('Asia/Ho_Chi_Minh');
    expect(canonicalTimeZone('US/Eastern')).toBe('America/New_York');
    expect(canonicalTimeZone('Etc/UTC')).toBe('UTC');
    expect(canonicalTimeZone('Europe/Oslo')).toBe('Europe/Oslo');
    expect(canonicalTimeZone('Mars/Olympus')).toBe('Mars/Olympus');
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
