import {
  accountUserInputOf,
  emptyAccountUserInput,
  USER_ROLES,
  type AccountUserField,
  type AccountUserInput,
  type InvitationMailStatus,
  type UserRole,
} from '@portico/contracts';
/** A new user's form: empty fields, the account's zone (ADR 0069), a standard role, active. */
export const emptyUserInput = (accountTimeZone: string): AccountUserInput =>
  emptyAccountUserInput(accountTimeZone);

/** The form's values of a saved user. */
export const inputOf = accountUserInputOf;

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

const FORM_FIELDS: ReadonlySet<string> = new Set(Object.keys(emptyUserInput('UTC')));
export const isFormField = (name: string): name is AccountUserField => FORM_FIELDS.has(name);
