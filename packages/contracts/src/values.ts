// Plain values of the contracts, free of zod: the SPA's start-up path imports these without
// the schemas, which load once the page has settled (ADR 0047).
import type { SubscriptionTopic } from './my-settings.js';
import { hasControlCharacters } from './text.js';

/** The media type of every error answer (RFC 9457, docs/decisions/0065). */
export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/** The `type` of a problem whose meaning is its HTTP status (its `title` is the status phrase). */
export const BLANK_PROBLEM_TYPE = 'about:blank';

/**
 * The problem types a client may act on by themselves; every other error is `about:blank`.
 * The URIs are stable identifiers, compared as strings, never fetched (ADR 0065).
 */
export const PROBLEM_TYPES = {
  /** A 400: the request does not pass the contracts; `errors` names the fields when it can. */
  validation: 'https://portico.example/problems/validation',
  /**
   * A 403: a valid token of the external identity provider belongs to no (active) Portico user
   * (ADR 0029): the SPA shows its refusal page instead of signing in again, which the provider
   * would answer with the same identity (a loop).
   */
  identityNotLinked: 'https://portico.example/problems/identity-not-linked',
} as const;

/** A problem's field errors as field → first message, the way a form sets them on its fields. */
export function fieldErrorsOf(
  problem: { errors?: readonly { field: string; message: string }[] | undefined } | undefined,
): Record<string, string> | undefined {
  if (!problem?.errors || problem.errors.length === 0) return undefined;
  const byField: Record<string, string> = {};
  for (const { field, message } of problem.errors) byField[field] ??= message;
  return byField;
}

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
