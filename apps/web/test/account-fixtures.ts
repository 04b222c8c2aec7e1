import type {
  AccountUser,
  AccountUserSummary,
  OwnSettings,
  UserManagementContext,
} from '@portico/contracts';
import { http, HttpResponse, type HttpHandler } from 'msw';
import { url } from './app-test-harness.js';

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

/** Row `i` of `GET /api/users`: user i of the account, Pending for 0 and Active otherwise. */
export function listedUser(i: number): AccountUserSummary {
  return {
    id: `u-${i}`,
    firstName: `First${i}`,
    lastName: `Last${i}`,
    email: `user${i}@example.test`,
    username: '',
    role: 'standard',
    status: i === 0 ? 'Pending' : 'Active',
    lastLoginAt: null,
  };
}

/** One user as `GET /api/users/{id}` answers it: the list's first user unless `over` says. */
export function accountUser(over: Partial<AccountUser> = {}): AccountUser {
  return {
    ...{ id: 'u-0', accountId: 'acc-1', accountName: 'Northwind Logistics AS' },
    ...{ parentAccountName: null, firstName: 'First0', lastName: 'Last0' },
    ...{ email: 'user0@example.test', username: '', language: 'en', timeZone: 'Europe/Oslo' },
    ...{ address: '', billingAddress: '', shippingAddress: '', city: '', postalCode: '' },
    ...{ country: '', phone: '', mobile: '', fax: '', phoneExtension: '', hotlineCode: '' },
    ...{ website: '', role: 'standard', c4uRole: 'none', billingPlatformRole: '' },
    ...{ learningRole: '', status: 'Active', lastLoginAt: null, version: 1 },
    ...{ permissions: ['NEWS', 'SUPPORT'], productIds: [] },
    ...over,
  };
}

/** The user form's choices the tests leave empty: permissions, products, administrators, roles. */
export function emptyUserFormChoices(): HttpHandler[] {
  return [
    'permissions',
    'products',
    'administrators',
    'billing-platform-roles',
    'learning-roles',
  ].map((list) => http.get(url(`/api/users/${list}`), () => HttpResponse.json([])));
}
