import type { SubscriptionLevel, UserProfile } from './user.js';

/**
 * §6 "A check exists for subscription level being in a given list while the user is not a
 * vendor employee": the one subscription-level rule (ADR 0050). True when the user's (or
 * their account's) level is one of `levels` and they are not a vendor employee; a user
 * without a level never passes. Used by the level-restricted learning roles and the
 * University learning-platform variants.
 */
export function hasSubscriptionLevel(
  user: Pick<UserProfile, 'unit4Employee'> & { subscriptionLevel: string | null },
  levels: readonly SubscriptionLevel[] | readonly string[],
): boolean {
  if (user.unit4Employee || user.subscriptionLevel === null) return false;
  return (levels as readonly string[]).includes(user.subscriptionLevel);
}
