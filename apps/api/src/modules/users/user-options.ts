import {
  ROLE_PERMISSIONS,
  USER_ROLES,
  type LearningRole,
  type NamedOption,
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

/**
 * §6: learning roles are offered only when their levels include the account's level, and
 * none to vendor employees (the "not a vendor employee" check).
 */
export function learningRolesFor(level: string | null, vendorAccount: boolean): LearningRole[] {
  if (vendorAccount || level === null) return [];
  return learningRoles.filter((r) => r.applicableSubscriptionLevel.includes(level));
}
