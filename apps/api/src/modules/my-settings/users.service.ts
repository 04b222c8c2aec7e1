import { subscriptionLevelSchema, type OwnSettings, type UserProfile } from '@portico/contracts';
import type { Queryable } from '../../db/db.js';
import { NotFoundError } from '../../lib/errors.js';
import { findConnectedProducts, findOwnSettings, findUserProfile } from './users.repository.js';

/**
 * §3 User profile of the caller. A valid token whose user row has gone (deleted since
 * sign-in) is a 404: the caller is authentic, the profile is not there.
 */
export async function getOwnProfile(db: Queryable, userId: string): Promise<UserProfile> {
  const row = await findUserProfile(db, userId);
  if (!row) throw new NotFoundError('Your user profile was not found.');
  const products = await findConnectedProducts(db, userId);
  const level = subscriptionLevelSchema.safeParse(row.subscription_level);
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    language: row.language,
    // A level this version does not know reads as none rather than failing the profile.
    subscriptionLevel: level.success ? level.data : null,
    unit4Employee: row.unit4_employee,
    permissions: row.permissions,
    connectedProducts: products.map((p) => ({
      contentId: p.content_id,
      productName: p.product_name,
      slug: p.slug,
    })),
    enterpriseCustomerId: row.enterprise_customer_id,
    companyName: row.company_name,
    dynamicsCustomerId: row.dynamics_customer_id,
    timeZone: row.time_zone,
  };
}

/** My settings (issue 12): the caller's editable fields, e-mail and account, and the version. */
export async function getOwnSettings(db: Queryable, userId: string): Promise<OwnSettings> {
  const row = await findOwnSettings(db, userId);
  if (!row) throw new NotFoundError('Your user profile was not found.');
  return {
    email: row.email,
    accountName: row.account_name,
    firstName: row.first_name,
    lastName: row.last_name,
    phone: row.phone,
    mobile: row.mobile,
    language: row.language,
    timeZone: row.time_zone,
    version: row.version,
  };
}
