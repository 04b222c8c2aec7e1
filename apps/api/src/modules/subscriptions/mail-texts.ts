import type { Queryable } from '../../db/db.js';

/**
 * The texts of subscription mail, unsubscribe pages and notifications (issue 12), with English
 * defaults; a value in the `labels` table for the recipient's language wins (like the web's
 * labels, spec §7). `{name}` placeholders are filled by `fill`.
 */
export const subscriptionTexts = {
  'mail.news.subject': 'New on Portico: {title}',
  'mail.news.greeting': 'Hello {name},',
  'mail.news.intro': 'A new article has been published on Portico:',
  'mail.news.read': 'Read the article',
  'mail.digest.subject.daily': 'Your daily Portico news digest',
  'mail.digest.subject.weekly': 'Your weekly Portico news digest',
  'mail.digest.intro': 'These articles were published on Portico since your last digest:',
  'mail.footer.reason': 'You get this e-mail because you subscribed to Portico news.',
  'mail.footer.unsubscribe': 'Unsubscribe',
  'mail.footer.manage': 'Manage your e-mail subscriptions',
  'notification.news.link': 'Read the article',
  'notification.news.content': 'A new article has been published.',
  'unsubscribe.title': 'Unsubscribe from Portico e-mail',
  'unsubscribe.confirm': 'Do you want to stop getting these e-mails ({scope})?',
  'unsubscribe.button': 'Unsubscribe',
  'unsubscribe.done.title': 'You are unsubscribed',
  'unsubscribe.done':
    'You will no longer get these e-mails ({scope}). You can subscribe again in My settings.',
  'unsubscribe.invalid.title': 'This unsubscribe link is not valid',
  'unsubscribe.invalid':
    'The link is incomplete or was changed. Use the link in the e-mail, or change your subscriptions in My settings.',
  'unsubscribe.manage': 'Open My settings',
  'subscriptions.topic.general-news': 'General news',
  'subscriptions.topic.product-news': 'Product news',
  'subscriptions.topic.release-notes': 'Release notes',
  'subscriptions.topic.cloud-maintenance': 'Cloud maintenance and release schedules',
  'subscriptions.topic.support-cases': 'Support case updates',
  'subscriptions.topic.invoices': 'Invoices',
  'subscriptions.digest.daily': 'daily digest',
  'subscriptions.digest.weekly': 'weekly digest',
} as const;
export type SubscriptionTextKey = keyof typeof subscriptionTexts;
export type Texts = (key: SubscriptionTextKey, values?: Record<string, string>) => string;

export function fill(template: string, values: Record<string, string> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/** The primary language subtag of a profile language ('de-DE' → 'de'); en when unknown. */
export const languageOf = (language: string | null | undefined): string =>
  (language ?? '').trim().toLowerCase().split(/[-_]/, 1)[0] || 'en';

/** The texts in `language`: its server labels over the English defaults. */
export async function textsFor(db: Queryable, language: string): Promise<Texts> {
  const keys = Object.keys(subscriptionTexts);
  const { rows } = await db.query<{ key: string; value: string }>(
    `select key, value from labels where language = $1 and key = any($2::text[])`,
    [languageOf(language), keys],
  );
  const server = new Map(rows.filter((r) => r.value.trim() !== '').map((r) => [r.key, r.value]));
  return (key, values) => fill(server.get(key) ?? subscriptionTexts[key], values);
}
