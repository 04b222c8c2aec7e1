import { z } from 'zod';
import { displayNameSchema } from './display-name.js';

export const permissionSchema = z.enum([
  'PARTNER',
  'SUPPORT_SERVICE_NOW',
  'NEWS',
  'SALES',
  'SUPPORT',
  'USERMANAGEMENT',
  'DOCEBO',
  'DOCEBO_PARTNER',
  /** Sees the account's invoices (ADR 0023). */
  'INVOICES',
]);
export type Permission = z.infer<typeof permissionSchema>;

export const subscriptionLevelSchema = z.enum(['PROFESSIONAL', 'ADVANCED', 'PARTNER']);
export type SubscriptionLevel = z.infer<typeof subscriptionLevelSchema>;

export const connectedProductSchema = z.object({
  contentId: z.string(),
  productName: z.string(),
  slug: z.string(),
});

/** §3 User profile. */
export const userProfileSchema = z.object({
  id: z.string(),
  firstName: displayNameSchema,
  lastName: displayNameSchema,
  email: z.string(),
  language: z.string(),
  subscriptionLevel: subscriptionLevelSchema.nullable(),
  unit4Employee: z.boolean(),
  permissions: z.array(z.string()),
  connectedProducts: z.array(connectedProductSchema),
  enterpriseCustomerId: z.string().nullable(),
  companyName: displayNameSchema,
  dynamicsCustomerId: z.string().nullable(),
  /** IANA time zone the app shows times in (issue 12); the API always sends it. */
  timeZone: z.string().optional(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

export type UserType = 'employee' | 'partner' | 'customer' | '';

/** §3 Derived: employee if vendor employee; partner if PARTNER; customer if SUPPORT_SERVICE_NOW, NEWS or SALES. */
export function userType(profile: Pick<UserProfile, 'unit4Employee' | 'permissions'>): UserType {
  if (profile.unit4Employee) return 'employee';
  if (profile.permissions.includes('PARTNER')) return 'partner';
  if (['SUPPORT_SERVICE_NOW', 'NEWS', 'SALES'].some((p) => profile.permissions.includes(p))) {
    return 'customer';
  }
  return '';
}

/** §3 Derived: fullName as 'last, first'. */
export const fullName = (p: Pick<UserProfile, 'firstName' | 'lastName'>): string =>
  `${p.lastName}, ${p.firstName}`;

export const initials = (p: Pick<UserProfile, 'firstName' | 'lastName'>): string =>
  `${p.firstName.charAt(0)}${p.lastName.charAt(0)}`.toUpperCase();

export const hasPermission = (
  p: Pick<UserProfile, 'permissions'>,
  permission: Permission,
): boolean => p.permissions.includes(permission);

/** §3 Country and language entry. */
export const countryAndLanguageSchema = z.object({
  country: z.object({ code: z.string(), name: z.string() }),
  language: z.object({ code: z.string(), name: z.string() }),
});
export type CountryAndLanguage = z.infer<typeof countryAndLanguageSchema>;

/** GET {api}/users/countries-and-languages: entries keyed like language_COUNTRY (§3), e.g. 'en_GB'. */
export const countriesAndLanguagesSchema = z.record(z.string(), countryAndLanguageSchema);
export type CountriesAndLanguages = z.infer<typeof countriesAndLanguagesSchema>;
