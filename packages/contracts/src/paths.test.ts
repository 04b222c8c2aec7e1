import { describe, expect, it } from 'vitest';
import { pageOfParam, slugify } from './paths.js';

describe('addresses both apps write', () => {
  it('reads a page number from an address: 1-based, nine digits at most', () => {
    expect(pageOfParam('1')).toBe(1);
    expect(pageOfParam('42')).toBe(42);
    expect(pageOfParam('999999999')).toBe(999_999_999);
    for (const bad of ['0', '-1', '01', '1.5', '1e3', '', ' 2', '1000000000', null, undefined])
      expect(pageOfParam(bad)).toBeUndefined();
  });

  it('slugs a title', () => {
    expect(slugify("Cloud & ERP: what's new?")).toBe('cloud-erp-what-s-new');
    expect(slugify('***')).toBe('item');
  });
});
