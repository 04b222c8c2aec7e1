import { defineTexts } from '../../lib/i18n/define-texts.js';

/**
 * The texts of subscription mail, unsubscribe pages and notifications (issues 12, 16): mail
 * in the recipient's profile language, unsubscribe pages in the user's language. The topic
 * names are the SPA's labels (subscriptions.topic.*, my-settings.labels.ts), found through
 * serverCatalog().
 */
export const subscriptionTexts = defineTexts({
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
  'subscriptions.digest.daily': 'daily digest',
  'subscriptions.digest.weekly': 'weekly digest',
});
