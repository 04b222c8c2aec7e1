import type { OwnSettings, UserManagementContext } from '@portico/contracts';

/** `GET /api/users/me/settings` of the demo customer. */
export function ownSettings(over: Partial<OwnSettings> = {}): OwnSettings {
  return {
    email: 'anna.customer@portico.test',
    accountName: 'Northwind Logistics AS',
    firstName: 'Anna',
    lastName: 'Customer',
    phone: '',
    mobile: '',
    language: 'en',
    timeZone: 'Europe/Oslo',
    version: 3,
    ...over,
  };
}

/** `GET /api/users/management` of a user manager of the demo customer's account. */
export function managementContext(
  over: Partial<UserManagementContext> = {},
): UserManagementContext {
  return {
    accountId: 'acc-1',
    accountName: 'Northwind Logistics AS',
    parentAccountName: null,
    subscriptionLevel: 'ADVANCED',
    licenceCount: 50,
    licencesUsed: 45,
    canSwitchAccount: false,
    timeZone: 'Europe/Oslo',
    ...over,
  };
}
