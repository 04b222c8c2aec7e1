import { z } from 'zod';
import { displayNameSchema, withoutBidiControls } from './display-name.js';
import { userFormMessages } from './messages.js';
import { isPortalLanguage } from './languages.js';
import { hasControlCharacters } from './text.js';
import { permissionSchema, type Permission } from './user.js';

// User management for an account (issue 15; spec §1, §3 account user form fields, §4 statuses,
// §5 form texts, §6 learning roles by level, §7 user calls). One schema per payload, shared by
// the API, the web client and the form.

/** §4 User statuses. */
export const userStatusSchema = z.enum(['Active', 'Inactive', 'Pending']);
export type UserStatus = z.infer<typeof userStatusSchema>;
export const USER_STATUSES = userStatusSchema.options;

/** Roles (the §7 "user profiles"): each grants its permissions; ADR 0026. */
export const userRoleSchema = z.enum(['administrator', 'point-manager', 'standard', 'read-only']);
export type UserRole = z.infer<typeof userRoleSchema>;
export const USER_ROLES = userRoleSchema.options;

/** The permissions a role grants; the others (PARTNER, SALES, DOCEBO…) follow the account. */
export const ROLE_PERMISSIONS: Readonly<Record<UserRole, readonly string[]>> = {
  administrator: ['NEWS', 'SUPPORT', 'SUPPORT_SERVICE_NOW', 'USERMANAGEMENT'],
  'point-manager': ['NEWS', 'SUPPORT', 'SUPPORT_SERVICE_NOW'],
  standard: ['NEWS', 'SUPPORT'],
  'read-only': ['NEWS'],
};
export const ROLE_MANAGED_PERMISSIONS: readonly string[] = [
  'NEWS',
  'SUPPORT',
  'SUPPORT_SERVICE_NOW',
  'USERMANAGEMENT',
];

/**
 * The permissions given one by one, beside the role's (PARTNER, SALES, DOCEBO…): an
 * administrator may give those they hold themselves (ADR 0056).
 */
export const GRANTED_PERMISSIONS: readonly Permission[] = permissionSchema.options.filter(
  (p) => !ROLE_MANAGED_PERMISSIONS.includes(p),
);

export const c4uRoleSchema = z.enum(['none', 'viewer', 'editor', 'owner']);
export type C4uRole = z.infer<typeof c4uRoleSchema>;
export const C4U_ROLES = c4uRoleSchema.options;

/** §7 user-management lists: profiles, billing-platform roles, learning roles, products. */
export const namedOptionSchema = z.object({ id: z.string(), name: z.string() });
export type NamedOption = z.infer<typeof namedOptionSchema>;
export const userProfilesSchema = z.array(
  namedOptionSchema.extend({ permissions: z.array(z.string()) }),
);
export const billingPlatformRolesSchema = z.array(namedOptionSchema);
/** §3 Learning role: applicableSubscriptionLevel (list). */
export const learningRoleSchema = namedOptionSchema.extend({
  applicableSubscriptionLevel: z.array(z.string()),
});
export type LearningRole = z.infer<typeof learningRoleSchema>;
export const learningRolesSchema = z.array(learningRoleSchema);
/** The permissions the caller may give (`GET /api/users/permissions`). */
export const grantablePermissionsSchema = z.array(namedOptionSchema);
/** The account's products (`GET /api/users/products`): `id` is what a user form sends. */
export const userProductSchema = z.object({
  id: z.string(),
  contentId: z.string(),
  productName: z.string(),
  slug: z.string(),
});
export type UserProduct = z.infer<typeof userProductSchema>;
export const userProductsSchema = z.array(userProductSchema);
export const administratorSchema = z.object({
  id: z.string(),
  fullName: displayNameSchema,
  email: z.string(),
});
export const administratorsSchema = z.array(administratorSchema);

/** E.164 by default; the running server may configure another rule (runtime config). */
export const DEFAULT_PHONE_PATTERN = '^\\+[1-9][0-9]{6,14}$';
export const PHONE_PLACEHOLDER = '+4722123456';

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, userFormMessages.tooLong)
    .refine((v) => !hasControlCharacters(v), userFormMessages.invalidText);
const requiredText = (max: number) => text(max).min(1, userFormMessages.required);
/** A person's name: bidi controls dropped before the usual checks (ADR 0061). */
const nameText = (max: number) => z.string().transform(withoutBidiControls).pipe(requiredText(max));

/** Fields of the account user form an administrator may write (§3). */
export function makeAccountUserInputSchema(phonePattern: string = DEFAULT_PHONE_PATTERN) {
  const phoneRule = new RegExp(phonePattern);
  const phone = text(32).refine(
    (v) => v === '' || phoneRule.test(v.replaceAll(' ', '')),
    userFormMessages.invalidPhone,
  );
  return z.object({
    firstName: nameText(100),
    lastName: nameText(100),
    email: requiredText(254).pipe(z.email(userFormMessages.invalidEmail)),
    username: text(100),
    // Not a type guard: the form's type stays string, the check is the 400.
    language: requiredText(10).refine(
      (v): boolean => isPortalLanguage(v),
      userFormMessages.invalidLanguage,
    ),
    timeZone: requiredText(64).refine(isTimeZone, userFormMessages.invalidTimeZone),
    address: text(200),
    billingAddress: text(200),
    shippingAddress: text(200),
    city: text(100),
    postalCode: text(20),
    country: text(2).refine((v) => v === '' || /^[A-Z]{2}$/.test(v), userFormMessages.required),
    phone,
    mobile: phone,
    fax: phone,
    phoneExtension: text(10).refine((v) => /^[0-9]*$/.test(v), userFormMessages.invalidPhone),
    hotlineCode: text(20),
    website: text(200).refine(
      (v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v),
      userFormMessages.invalidWebsite,
    ),
    role: userRoleSchema,
    c4uRole: c4uRoleSchema,
    billingPlatformRole: text(40),
    learningRole: text(40),
    /**
     * The permissions given beside the role's (GRANTED_PERMISSIONS; the role's own are
     * ignored here: the role decides them). Absent: unchanged (none for a new user).
     */
    permissions: z.array(text(40)).max(20).optional(),
    /** The ids of the products the user is connected to (§3). Absent: unchanged (none). */
    productIds: z.array(text(100)).max(200).optional(),
    /** Active ⇄ Inactive (§4); a Pending user stays Pending until the invitation is accepted. */
    active: z.boolean(),
  });
}
export const accountUserInputSchema = makeAccountUserInputSchema();

/** PUT /api/users/me: what a user may change of their own (not e-mail, roles or status). */
export function makeOwnProfileInputSchema(phonePattern: string = DEFAULT_PHONE_PATTERN) {
  return (
    makeAccountUserInputSchema(phonePattern)
      .pick({
        firstName: true,
        lastName: true,
        language: true,
        timeZone: true,
        address: true,
        billingAddress: true,
        shippingAddress: true,
        city: true,
        postalCode: true,
        country: true,
        phone: true,
        mobile: true,
        fax: true,
        phoneExtension: true,
        website: true,
      })
      // My settings (issue 12) sends only the fields it shows; what is absent stays as it is.
      .partial()
  );
}

/** `GET /api/users/me/settings`: the caller's own fields as My settings shows them. */
export const ownSettingsSchema = z.object({
  email: z.string(),
  accountName: displayNameSchema,
  firstName: displayNameSchema,
  lastName: displayNameSchema,
  phone: z.string(),
  mobile: z.string(),
  language: z.string(),
  timeZone: z.string(),
  version: z.number().int(),
});
export type OwnSettings = z.infer<typeof ownSettingsSchema>;
export type OwnProfileInput = z.infer<ReturnType<typeof makeOwnProfileInputSchema>>;
export type AccountUserInput = z.infer<typeof accountUserInputSchema>;
export type AccountUserField = keyof AccountUserInput;

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const invitationMailStatusSchema = z.enum(['queued', 'sent', 'failed']);
export type InvitationMailStatus = z.infer<typeof invitationMailStatusSchema>;

/** One user of an account as the administrator sees it (§3 account user form fields). */
export const accountUserSchema = z.object({
  id: z.string(),
  accountId: z.string(),
  accountName: displayNameSchema,
  parentAccountName: displayNameSchema.nullable(),
  firstName: displayNameSchema,
  lastName: displayNameSchema,
  email: z.string(),
  username: z.string(),
  language: z.string(),
  timeZone: z.string(),
  address: z.string(),
  billingAddress: z.string(),
  shippingAddress: z.string(),
  city: z.string(),
  postalCode: z.string(),
  country: z.string(),
  phone: z.string(),
  mobile: z.string(),
  fax: z.string(),
  phoneExtension: z.string(),
  hotlineCode: z.string(),
  website: z.string(),
  role: userRoleSchema,
  c4uRole: c4uRoleSchema,
  billingPlatformRole: z.string(),
  learningRole: z.string(),
  /** Every permission the user holds (§3), the role's and those given beside it. */
  permissions: z.array(z.string()),
  /** The ids of the products the user is connected to (§3 connectedProducts). */
  productIds: z.array(z.string()),
  status: userStatusSchema,
  /** ISO date-time of the last sign-in, or null. */
  lastLoginAt: z.string().nullable(),
  version: z.number().int(),
  /**
   * A Pending user's open invitation mail (GET /api/users/{id} only): queued (not yet
   * accepted by the mail server, retried while it is away), sent, or failed (refused for good).
   */
  invitationMail: invitationMailStatusSchema.optional(),
});
export type AccountUser = z.infer<typeof accountUserSchema>;

/** A row of the user list. */
export const accountUserSummarySchema = accountUserSchema.pick({
  id: true,
  firstName: true,
  lastName: true,
  email: true,
  username: true,
  role: true,
  status: true,
  lastLoginAt: true,
});
export type AccountUserSummary = z.infer<typeof accountUserSummarySchema>;
export const accountUserListSchema = z.array(accountUserSummarySchema);

export const USER_PAGE_SIZE = 20;
export const USER_MAX_PAGE = 100_000;
export const USER_MAX_QUERY_LENGTH = 100;
export const userSortSchema = z.enum([
  'name',
  '-name',
  'lastLogin',
  '-lastLogin',
  'status',
  '-status',
]);
export type UserSort = z.infer<typeof userSortSchema>;

const oneValue = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v) => (Array.isArray(v) ? v[0] : v));

/** `GET /api/users?page&query&status&role&sort&accountId` (query string values are strings). */
export const userListQuerySchema = z.object({
  page: oneValue.pipe(
    z
      .string()
      .regex(/^[0-9]{1,6}$/, 'The page must be a whole number.')
      .optional()
      .transform((v) => (v === undefined ? 1 : Number(v)))
      .pipe(z.number().int().min(1).max(USER_MAX_PAGE)),
  ),
  query: oneValue.pipe(
    z
      .string()
      .trim()
      .max(USER_MAX_QUERY_LENGTH)
      .refine((v) => !hasControlCharacters(v), 'The query cannot contain control characters.')
      .optional(),
  ),
  status: oneValue.pipe(userStatusSchema.optional()),
  role: oneValue.pipe(userRoleSchema.optional()),
  sort: oneValue.pipe(userSortSchema.optional()).transform((v) => v ?? 'name'),
  /** Vendor employees only: the account to administer (the account switcher). */
  accountId: oneValue.pipe(z.string().max(100).optional()),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

/** `GET /api/users/export`: the list's query (its current selection) and the file format. */
export const userExportQuerySchema = userListQuerySchema.extend({
  format: z.enum(['csv', 'xlsx']).default('csv'),
});
export type UserExportQuery = z.infer<typeof userExportQuerySchema>;

/** The calls that take only the account to administer (vendor employees: the account switcher). */
export const userAccountQuerySchema = z.object({
  accountId: oneValue.pipe(z.string().min(1).max(100).optional()),
});

/** `/api/users/learning-roles`: the roles for this user (§6), or for a new user of the account. */
export const learningRolesQuerySchema = userAccountQuerySchema.extend({
  userId: oneValue.pipe(z.string().min(1).max(100).optional()),
});

/** `/api/users/{id}` and the calls below it: the user's id. */
export const userIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

/** `POST /api/users/{id}/invitation` (202): a new invitation is queued. */
export const invitationResentSchema = z.object({ message: z.string() });

/** Accounts a vendor employee may pick (the account switcher). */
export const administrableAccountSchema = z.object({
  id: z.string(),
  name: displayNameSchema,
  subscriptionLevel: z.string().nullable(),
});
export const administrableAccountsSchema = z.array(administrableAccountSchema);

/** Where the user-management screens start: what the caller may do, on which account. */
export const userManagementContextSchema = z.object({
  accountId: z.string(),
  accountName: displayNameSchema,
  parentAccountName: displayNameSchema.nullable(),
  subscriptionLevel: z.string().nullable(),
  licenceCount: z.number().int(),
  licencesUsed: z.number().int(),
  canSwitchAccount: z.boolean(),
  /** The account's time zone (IANA, current name): a new user's default (issue 37). */
  timeZone: z.string(),
});
export type UserManagementContext = z.infer<typeof userManagementContextSchema>;

/** A 400 of the user calls: the §5 headline plus a message per field. */
export const fieldErrorsSchema = z.record(z.string(), z.string());
export type FieldErrors = z.infer<typeof fieldErrorsSchema>;

export { userFormMessages };
