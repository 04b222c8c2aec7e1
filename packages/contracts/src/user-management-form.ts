import {
  GRANTED_PERMISSIONS,
  type AccountUser,
  type AccountUserField,
  type AccountUserInput,
} from './user-management.js';

/**
 * A new user's form values (§3): every field empty, English, the given time zone, a standard
 * user without a Cloud4U role, active. The one list of the user's fields, for the form, the
 * tests and anything else that writes a user.
 */
export function emptyAccountUserInput(timeZone: string): AccountUserInput {
  return {
    firstName: '',
    lastName: '',
    email: '',
    username: '',
    language: 'en',
    timeZone,
    address: '',
    billingAddress: '',
    shippingAddress: '',
    city: '',
    postalCode: '',
    country: '',
    phone: '',
    mobile: '',
    fax: '',
    phoneExtension: '',
    hotlineCode: '',
    website: '',
    role: 'standard',
    c4uRole: 'none',
    billingPlatformRole: '',
    learningRole: '',
    permissions: [],
    productIds: [],
    active: true,
  };
}

/**
 * The form's values of a saved user (what PUT /api/users/{id} sends to keep it as it is):
 * its fields, active unless Inactive, and only the permissions given beside its role (the
 * role decides its own).
 */
export function accountUserInputOf(user: AccountUser): AccountUserInput {
  const input = emptyAccountUserInput(user.timeZone);
  for (const key of Object.keys(input) as AccountUserField[]) {
    if (key === 'active') continue;
    Object.assign(input, { [key]: user[key] });
  }
  input.active = user.status !== 'Inactive';
  input.permissions = user.permissions.filter((p) => GRANTED_PERMISSIONS.some((g) => g === p));
  return input;
}
