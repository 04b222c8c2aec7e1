import { describe, expect, it } from 'vitest';
import { englishLeftoverPatterns } from './leftovers.js';

describe('English leftovers (issue 16)', () => {
  const customer = englishLeftoverPatterns('de').find((p) => p.key === 'invoice-pdf.customer');

  it('finds a label with a one-token placeholder filled in', () => {
    expect(customer?.matches('Customer ECI-100001')).toBe(true);
  });

  it('does not take a sentence that starts with the same word for it', () => {
    expect(customer?.matches('Customer story: how Redwood Property Group cut its close')).toBe(
      false,
    );
  });
});
