import { describe, expect, it } from 'vitest';
import { fullName, initials, userType } from './user.js';

describe('user profile derivations (§3)', () => {
  it('derives the user type with employee before partner before customer', () => {
    expect(userType({ unit4Employee: true, permissions: ['PARTNER'] })).toBe('employee');
    expect(userType({ unit4Employee: false, permissions: ['PARTNER', 'NEWS'] })).toBe('partner');
    expect(userType({ unit4Employee: false, permissions: ['SALES'] })).toBe('customer');
    expect(userType({ unit4Employee: false, permissions: ['SUPPORT_SERVICE_NOW'] })).toBe(
      'customer',
    );
    expect(userType({ unit4Employee: false, permissions: ['DOCEBO'] })).toBe('');
  });

  it("formats the full name as 'last, first' and the initials", () => {
    expect(fullName({ firstName: 'Anna', lastName: 'Customer' })).toBe('Customer, Anna');
    expect(initials({ firstName: 'anna', lastName: 'customer' })).toBe('AC');
  });
});
