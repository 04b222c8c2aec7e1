// Plain values of the contracts, free of zod: the SPA's start-up path imports these without
// the schemas, which load once the page has settled (ADR 0047).
import type { SubscriptionTopic } from './my-settings.js';
import { hasControlCharacters } from './text.js';

/**
 * 403 `code` when a valid token of the external identity provider belongs to no (active)
 * Portico user (ADR 0029): the SPA shows its refusal page instead of signing in again, which
 * the provider would answer with the same identity (a loop).
 */
export const IDENTITY_NOT_LINKED = 'identity_not_linked';

/** Paging and text limits of `GET {news base}` (§7 news rows, §9). */
export const NEWS_DEFAULT_PAGE_SIZE = 30;
export const NEWS_MAX_PAGE_SIZE = 100;
export const NEWS_MAX_PAGE = 100_000;
export const NEWS_MAX_QUERY_LENGTH = 200;

/** The element id of a topic on the subscriptions page (the Stay informed tile links here). */
export const subscriptionAnchor = (topic: SubscriptionTopic, productId?: string | null): string =>
  productId ? `${topic}-${productId}` : topic;

/** §6 subscription-level check (ADR 0050); zod-free, so the SPA may use it anywhere. */
export { hasSubscriptionLevel } from './subscription-level.js';
/** How many notifications the bell lists (`GET /api/notifications`). */
export const NOTIFICATION_PAGE_SIZE = 20;

/** The events of `GET /api/notifications/stream` (ADR 0054). */
export const NOTIFICATION_STREAM_EVENTS = {
  notification: 'notification',
  unread: 'unread',
  /** Notifications withdrawn (their news item was deleted or unpublished, issue 37). */
  removed: 'removed',
} as const;

/** The "what" of the product-information wizard (ADR 0036), in step 3's order. */
export const WIZARD_TARGETS = ['documentation', 'downloads', 'release-notes', 'news'] as const;
export type WizardTarget = (typeof WIZARD_TARGETS)[number];

/** A free-text query of the wizard and the product tabs: like the news query (§5). */
export function isValidProductQuery(query: string): boolean {
  return query.length <= 200 && !hasControlCharacters(query);
}
