import type { Permission, UserProfile } from '@portico/contracts';
import { hasSubscriptionLevel } from '@portico/contracts/values';
import { hasPermissions } from '../../../lib/profile/profile-query.js';

export type LearningAccess = 'partner' | 'standard' | 'none';

const DOCEBO: Permission = 'DOCEBO';
const DOCEBO_PARTNER: Permission = 'DOCEBO_PARTNER';

/**
 * The subscription levels each learning-platform variant is for (§6 level check, ADR 0050):
 * the partner platform for partner subscriptions, the standard one for any subscription.
 */
export const LEARNING_VARIANT_LEVELS = {
  partner: ['PARTNER'],
  standard: ['PROFESSIONAL', 'ADVANCED', 'PARTNER'],
} as const;

/**
 * §2 University page / §6: DOCEBO_PARTNER gives the partner variant, DOCEBO the standard one;
 * a user with both gets the partner variant; with neither, the catalogue text and legacy button.
 * Each variant also needs a subscription level it is for (the §6 level check: never a vendor
 * employee, never a user without a level); a permission without the level falls through.
 */
export function learningAccess(
  profile: Pick<UserProfile, 'permissions' | 'subscriptionLevel' | 'unit4Employee'>,
): LearningAccess {
  if (
    hasPermissions(profile, DOCEBO_PARTNER) &&
    hasSubscriptionLevel(profile, LEARNING_VARIANT_LEVELS.partner)
  )
    return 'partner';
  if (
    hasPermissions(profile, DOCEBO) &&
    hasSubscriptionLevel(profile, LEARNING_VARIANT_LEVELS.standard)
  )
    return 'standard';
  return 'none';
}
