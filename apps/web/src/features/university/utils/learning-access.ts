import type { Permission, UserProfile } from '@portico/contracts';
import { hasPermissions } from '../../../lib/profile/profile-query.js';

export type LearningAccess = 'partner' | 'standard' | 'none';

const DOCEBO: Permission = 'DOCEBO';
const DOCEBO_PARTNER: Permission = 'DOCEBO_PARTNER';

/**
 * §2 University page / §6: DOCEBO_PARTNER gives the partner variant, DOCEBO the standard one;
 * a user with both gets the partner variant; with neither, the catalogue text and legacy button.
 */
export function learningAccess(profile: Pick<UserProfile, 'permissions'>): LearningAccess {
  if (hasPermissions(profile, DOCEBO_PARTNER)) return 'partner';
  if (hasPermissions(profile, DOCEBO)) return 'standard';
  return 'none';
}
