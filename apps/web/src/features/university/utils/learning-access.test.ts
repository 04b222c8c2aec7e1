import type { SubscriptionLevel } from '@portico/contracts';
import { describe, expect, it } from 'vitest';
import { learningAccess } from './learning-access.js';

const partner = { subscriptionLevel: 'PARTNER' as SubscriptionLevel | null, unit4Employee: false };

describe('learningAccess (§2 University page, §6)', () => {
  it.each([
    [['NEWS', 'DOCEBO'], 'standard'],
    [['PARTNER', 'DOCEBO_PARTNER'], 'partner'],
    [['DOCEBO', 'DOCEBO_PARTNER'], 'partner'],
    [['DOCEBO_PARTNER', 'DOCEBO'], 'partner'],
    [['NEWS'], 'none'],
    [[], 'none'],
    // Membership of the exact string: look-alikes grant nothing.
    [['docebo', 'DOCEBO_PARTNER_X', 'XDOCEBO'], 'none'],
  ] as const)('%j → %s', (permissions, expected) => {
    expect(learningAccess({ ...partner, permissions: [...permissions] })).toBe(expected);
  });

  it.each([
    // §6 level check (ADR 0050): the partner platform is for partner subscriptions only...
    ['ADVANCED', false, ['DOCEBO_PARTNER'], 'none'],
    ['ADVANCED', false, ['DOCEBO', 'DOCEBO_PARTNER'], 'standard'],
    ['PROFESSIONAL', false, ['DOCEBO'], 'standard'],
    // ...and neither variant is for a user without a level or a vendor employee.
    [null, false, ['DOCEBO', 'DOCEBO_PARTNER'], 'none'],
    ['PARTNER', true, ['DOCEBO', 'DOCEBO_PARTNER'], 'none'],
  ] as const)(
    'level %s, employee %s, %j → %s',
    (subscriptionLevel, unit4Employee, permissions, expected) => {
      expect(
        learningAccess({ subscriptionLevel, unit4Employee, permissions: [...permissions] }),
      ).toBe(expected);
    },
  );
});
