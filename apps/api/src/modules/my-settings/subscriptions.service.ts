import {
  SUBSCRIPTION_DEFAULTS,
  isProductTopic,
  type SubscriptionList,
  type SubscriptionTopic,
  type SubscriptionUpdate,
} from '@portico/contracts';
import type { Db, Queryable } from '../../db/db.js';
import { BadRequestError, NotFoundError } from '../../lib/errors.js';
import { otherScope } from './unsubscribe-scopes.js';
import {
  findProductName,
  findUserLanguage,
  listStoredSubscriptions,
  turnOffDigest,
  turnOffSubscription,
  upsertSubscription,
} from './subscriptions.repository.js';
import { findConnectedProducts, findUserProfile } from './users.repository.js';

/**
 * The caller's own e-mail subscriptions (issue 12, §7 GET and POST e-mail subscriptions;
 * ADR 0030). Topics a user may have: general news, cloud maintenance and release schedules,
 * product news and release notes per connected product, support case updates (with a
 * support permission) and invoices (with INVOICES).
 */
interface Available {
  topic: SubscriptionTopic;
  productId: string | null;
  productName: string | null;
}

async function availableTopics(db: Queryable, userId: string): Promise<Available[]> {
  const user = await findUserProfile(db, userId);
  if (!user) throw new NotFoundError('Your user profile was not found.');
  const products = await findConnectedProducts(db, userId);
  const permissions = new Set(user.permissions);
  const list: Available[] = [{ topic: 'general-news', productId: null, productName: null }];
  for (const topic of ['product-news', 'release-notes'] as const) {
    for (const p of products) {
      list.push({ topic, productId: p.content_id, productName: p.product_name });
    }
  }
  list.push({ topic: 'cloud-maintenance', productId: null, productName: null });
  if (permissions.has('SUPPORT') || permissions.has('SUPPORT_SERVICE_NOW')) {
    list.push({ topic: 'support-cases', productId: null, productName: null });
  }
  if (permissions.has('INVOICES')) {
    list.push({ topic: 'invoices', productId: null, productName: null });
  }
  return list;
}

const keyOf = (topic: string, productId: string | null) => `${topic}|${productId ?? ''}`;

export async function listSubscriptions(db: Queryable, userId: string): Promise<SubscriptionList> {
  const available = await availableTopics(db, userId);
  const rows = await listStoredSubscriptions(db, userId);
  const stored = new Map(
    rows.map((r) => [keyOf(r.topic, r.product_content_id || null), r.frequency]),
  );
  return available.map((a) => ({
    topic: a.topic,
    productId: a.productId,
    productName: a.productName,
    frequency: (stored.get(keyOf(a.topic, a.productId)) ??
      SUBSCRIPTION_DEFAULTS[a.topic]) as SubscriptionList[number]['frequency'],
  }));
}

export async function updateSubscriptions(
  db: Db,
  userId: string,
  update: SubscriptionUpdate,
): Promise<SubscriptionList> {
  await db.transaction(async (tx) => {
    const available = new Set(
      (await availableTopics(tx, userId)).map((a) => keyOf(a.topic, a.productId)),
    );
    for (const s of update.subscriptions) {
      if (isProductTopic(s.topic) && !s.productId) {
        throw new BadRequestError(`The topic ${s.topic} needs the productId of a product.`);
      }
      if (!isProductTopic(s.topic) && s.productId) {
        throw new BadRequestError(`The topic ${s.topic} is not per product; send productId null.`);
      }
      if (!available.has(keyOf(s.topic, s.productId))) {
        throw new BadRequestError(
          s.productId
            ? `You can subscribe to ${s.topic} only for products you are connected to.`
            : `The topic ${s.topic} is not available to you.`,
        );
      }
      await upsertSubscription(tx, userId, s.topic, s.productId ?? '', s.frequency);
    }
  });
  return listSubscriptions(db, userId);
}

/** The one-click unsubscribe: one subscription, or every subscription of a digest. */
export async function unsubscribeScope(
  db: Queryable,
  userId: string,
  scope: string,
): Promise<void> {
  // Another module's mail (a saved search's, issue 38): that module turns it off.
  const other = otherScope(scope);
  if (other) {
    await other.scope.unsubscribe(db, userId, other.id);
    return;
  }
  const digest = /^digest:(daily|weekly)$/.exec(scope);
  if (digest?.[1] === 'daily' || digest?.[1] === 'weekly') {
    await turnOffDigest(db, userId, digest[1]);
    return;
  }
  const [topic = '', productId = ''] = scope.split(/:(.*)/s);
  await turnOffSubscription(db, userId, topic, productId);
}

/** What an unsubscribe page needs: the user's language and the product a scope names. */
export function unsubscribeUserLanguage(
  db: Queryable,
  userId: string,
): Promise<string | undefined> {
  return findUserLanguage(db, userId);
}

export function subscriptionProductName(
  db: Queryable,
  contentId: string,
): Promise<string | undefined> {
  return findProductName(db, contentId);
}
