import { describe, expect, it } from 'vitest';
import { formatDay, formatSize } from './format-size.js';

describe('formatSize', () => {
  it('uses decimal units and the locale', () => {
    expect(formatSize(2_456_789, 'en')).toBe('2.5 MB');
    expect(formatSize(2_456_789, 'de')).toBe('2,5 MB');
    expect(formatSize(512_000, 'en')).toBe('512 kB');
    expect(formatSize(12, 'en')).toBe('12 byte');
  });
  it('formats release dates', () => {
    expect(formatDay('2026-06-16', 'en')).toBe('June 16, 2026');
  });
});
