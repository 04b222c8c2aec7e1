import { describe, expect, it } from 'vitest';
import { learningAccess } from './learning-access.js';

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
    expect(learningAccess({ permissions: [...permissions] })).toBe(expected);
  });
});
