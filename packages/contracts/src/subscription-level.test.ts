import { describe, expect, it } from 'vitest';
import { hasSubscriptionLevel } from './subscription-level.js';

describe('hasSubscriptionLevel (§6, ADR 0050)', () => {
  it.each([
    ['ADVANCED', false, ['ADVANCED'], true],
    ['ADVANCED', false, ['PROFESSIONAL', 'ADVANCED'], true],
    ['PROFESSIONAL', false, ['ADVANCED', 'PARTNER'], false],
    ['PARTNER', false, [], false],
    // A vendor employee never passes, whatever their level.
    ['ADVANCED', true, ['ADVANCED'], false],
    // No level: nothing level-restricted.
    [null, false, ['PROFESSIONAL', 'ADVANCED', 'PARTNER'], false],
    // Membership of the exact string.
    ['advanced', false, ['ADVANCED'], false],
  ] as const)(
    '%s, employee %s, in %j → %s',
    (subscriptionLevel, unit4Employee, levels, expected) => {
      expect(hasSubscriptionLevel({ subscriptionLevel, unit4Employee }, levels)).toBe(expected);
    },
  );
});
