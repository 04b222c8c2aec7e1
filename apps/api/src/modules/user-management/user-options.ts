import {
  GRANTED_PERMISSIONS,
  hasSubscriptionLevel,
  ROLE_PERMISSIONS,
  USER_ROLES,
  type LearningRole,
  type NamedOption,
  type Permission,
  type UserRole,
} from '@portico/contracts';

// The choices of the account user form (§3, §7 "user profiles, billing platform roles,
// learning roles"). Fixed by the product, not by an account, so they live in code.

export const ROLE_NAMES: Readonly<Record<UserRole, string>> = {
  administrator: 'Administrator',
  'point-manager': 'Point manager',
  standard: 'Standard user',
  'read-only': 'Read only',
};

export const userProfiles = USER_ROLES.map((id) => ({
  id,
  name: ROLE_NAMES[id],
  permissions: [...ROLE_PERMISSIONS[id]],
}));

/** What an administrator holds: the rules below never give more (ADR 0056). */
export interface Granter {
  permissions: readonly string[];
}

/** A role may be given by an administrator who holds every permission it grants. */
export const mayGiveRole = (granter: Granter, role: UserRole): boolean =>
  ROLE_PERMISSIONS[role].every((p) => granter.permissions.includes(p));

/** §7 user profiles: the roles the caller may give. */
export const userProfilesFor = (granter: Granter) =>
  userProfiles.filter((profile) => mayGiveRole(granter, profile.id));

export const PERMISSION_NAMES: Readonly<Partial<Record<Permission, string>>> = {
  PARTNER: 'Partner',
  SALES: 'Sales',
  DOCEBO: 'Learning platform',
  DOCEBO_PARTNER: 'Partner learning platform',
  INVOICES: 'Invoices',
};

/** The permissions given beside the role that the caller holds, and so may give. */
export const grantablePermissions = (granter: Granter): NamedOption[] =>
  GRANTED_PERMISSIONS.filter((p) => granter.permissions.includes(p)).map((id) => ({
    id,
    name: PERMISSION_NAMES[id] ?? id,
  }));

export const billingPlatformRoles: readonly NamedOption[] = [
  { id: 'viewer', name: 'Viewer' },
  { id: 'buyer', name: 'Buyer' },
  { id: 'approver', name: 'Approver' },
];

export const learningRoles: readonly LearningRole[] = [
  {
    id: 'learner',
    name: 'Learner',
    applicableSubscriptionLevel: ['PROFESSIONAL', 'ADVANCED', 'PARTNER'],
  },
  { id: 'advanced-learner', name: 'Advanced learner', applicableSubscriptionLevel: ['ADVANCED'] },
  { id: 'key-user', name: 'Key user', applicableSubscriptionLevel: ['ADVANCED'] },
  {
    id: 'partner-consultant',
    name: 'Partner consultant',
    applicableSubscriptionLevel: ['PARTNER'],
  },
];

/** Whose level decides the learning roles: the user being edited, or a new user's. */
export interface LevelHolder {
  subscriptionLevel: string | null;
  unit4Employee: boolean;
}

/**
 * §6: learning roles are offered only if their applicable levels include the level of the
 * user being edited, and never to a vendor employee: the one subscription-level check.
 */
export function learningRolesFor(user: LevelHolder): LearningRole[] {
  return learningRoles.filter((r) => hasSubscriptionLevel(user, r.applicableSubscriptionLevel));
}

/** The level holder of an existing user, or of a new user of `account` (its level and kind). */
export function levelHolderOf(
  existing: { subscription_level: string | null; unit4_employee: boolean } | null,
  account: { subscription_level: string | null; vendor: boolean },
): LevelHolder {
  return existing
    ? { subscriptionLevel: existing.subscription_level, unit4Employee: existing.unit4_employee }
    : { subscriptionLevel: account.subscription_level, unit4Employee: account.vendor };
}
