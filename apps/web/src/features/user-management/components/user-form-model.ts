import {
  GRANTED_PERMISSIONS,
  USER_ROLES,
  type AccountUser,
  type AccountUserField,
  type AccountUserInput,
  type InvitationMailStatus,
  type UserRole,
} from '@portico/contracts';
import { browserTimeZone } from '../../../lib/format/time-zone.js';

/** A new user's form: empty fields, the browser's zone, a standard role, active. */
export function emptyUserInput(): AccountUserInput {
  return {
    firstName: '',
    lastName: '',
    email: '',
    username: '',
    language: 'en',
    timeZone: browserTimeZone(),
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

/** The form's values of a saved user. */
export function inputOf(user: AccountUser): AccountUserInput {
  const input = emptyUserInput();
  for (const key of Object.keys(input) as AccountUserField[]) {
    if (key === 'active') continue;
    Object.assign(input, { [key]: user[key] });
  }
  input.active = user.status !== 'Inactive';
  // The role decides its own permissions; the form gives only those beside it.
  input.permissions = user.permissions.filter((p) => GRANTED_PERMISSIONS.some((g) => g === p));
  return input;
}

export const isUserRole = (id: string): id is UserRole => USER_ROLES.some((r) => r === id);

/** The list with `id` in or out. */
export const toggled = (list: readonly string[] | undefined, id: string, on: boolean): string[] =>
  on ? [...new Set([...(list ?? []), id])] : (list ?? []).filter((x) => x !== id);

/** The fields §3 marks as required (*). */
export const REQUIRED: ReadonlySet<AccountUserField> = new Set([
  'firstName',
  'lastName',
  'email',
  'language',
  'timeZone',
  'role',
  'c4uRole',
]);

export const INVITATION_MAIL_LABELS = {
  queued: 'user-management.invitation-mail.queued',
  sent: 'user-management.invitation-mail.sent',
  failed: 'user-management.invitation-mail.failed',
} as const satisfies Record<InvitationMailStatus, string>;

const FORM_FIELDS: ReadonlySet<string> = new Set(Object.keys(emptyUserInput()));
export const isFormField = (name: string): name is AccountUserField => FORM_FIELDS.has(name);
