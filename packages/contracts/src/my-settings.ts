import { z } from 'zod';

// E-mail subscriptions (issue 12; spec §1 "e-mail subscription management", §2 my-settings,
// §7 "GET and POST e-mail subscriptions"). Topics and defaults: ADR 0030.

/** The topics a user can subscribe to. The product topics come once per connected product. */
export const subscriptionTopicSchema = z.enum([
  'general-news',
  'product-news',
  'release-notes',
  'cloud-maintenance',
  'support-cases',
  'invoices',
]);
export type SubscriptionTopic = z.infer<typeof subscriptionTopicSchema>;
export const SUBSCRIPTION_TOPICS = subscriptionTopicSchema.options;

/** Topics that exist once per connected product (the subscription names the product). */
export const PRODUCT_TOPICS: readonly SubscriptionTopic[] = ['product-news', 'release-notes'];
export const isProductTopic = (topic: SubscriptionTopic): boolean => PRODUCT_TOPICS.includes(topic);

export const subscriptionFrequencySchema = z.enum(['immediately', 'daily', 'weekly', 'off']);
export type SubscriptionFrequency = z.infer<typeof subscriptionFrequencySchema>;
export const SUBSCRIPTION_FREQUENCIES = subscriptionFrequencySchema.options;

/**
 * ADR 0030: what a user gets before choosing anything. Marketing-like topics are opt-in (off);
 * what concerns the user's own cases and bills comes immediately.
 */
export const SUBSCRIPTION_DEFAULTS: Readonly<Record<SubscriptionTopic, SubscriptionFrequency>> = {
  'general-news': 'off',
  'product-news': 'off',
  'release-notes': 'off',
  'cloud-maintenance': 'off',
  'support-cases': 'immediately',
  invoices: 'immediately',
};

/** One subscription: a topic (for a product: its contentId) and how often. */
export const subscriptionSchema = z.object({
  topic: subscriptionTopicSchema,
  /** The product's contentId for the product topics; null for the others. */
  productId: z.string().max(100).nullable(),
  frequency: subscriptionFrequencySchema,
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** `GET /api/subscriptions`: every topic the caller can have (defaults where unset). */
export const subscriptionListSchema = z.array(
  subscriptionSchema.extend({
    /** For product topics: the product's name, to show beside the topic. */
    productName: z.string().nullable(),
  }),
);
export type SubscriptionList = z.infer<typeof subscriptionListSchema>;

/** `POST /api/subscriptions`: the subscriptions to change (others stay as they are). */
export const subscriptionUpdateSchema = z.object({
  subscriptions: z.array(subscriptionSchema).min(1).max(200),
});
export type SubscriptionUpdate = z.infer<typeof subscriptionUpdateSchema>;
