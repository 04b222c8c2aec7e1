import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/db.js';
import { callerIdOf } from './caller.js';
import { ForbiddenError, NotFoundError, UnauthorizedError } from './errors.js';
import { findProductAccess } from './accounts.repository.js';

/** A product as the My Solutions pages (issue 13) and product news need it (§3 Product). */
export interface AccessibleProduct {
  id: string;
  productName: string;
  slug: string;
  contentId: string;
}

/**
 * The product a product-scoped call (documents, downloads, release notes, product news) works
 * on, checked against the caller. Products are not secret (their names are in the search
 * page's labels), so an unknown id is 404 and a known product the caller is not connected to
 * is 403: the UI then offers the account manager to ask for access (issue 13). Vendor
 * employees (§3 unit4Employee) reach every product.
 */
export async function requireProductAccess(
  db: Queryable,
  request: FastifyRequest,
  productId: string,
): Promise<AccessibleProduct> {
  const userId = callerIdOf(request);
  const row = await findProductAccess(db, userId, productId);
  if (!row) throw new NotFoundError(`There is no product ${productId}.`);
  if (!row.user_exists) throw new UnauthorizedError('Your user account no longer exists.');
  if (!row.licensed) {
    throw new ForbiddenError(`Your account is not connected to ${row.product_name}.`);
  }
  return { id: row.id, productName: row.product_name, slug: row.slug, contentId: row.content_id };
}
