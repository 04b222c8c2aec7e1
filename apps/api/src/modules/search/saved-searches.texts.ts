import { defineTexts } from '../../lib/i18n/define-texts.js';

/** The bell's and the e-mail's texts of a saved search's new results (issue 38). */
export const savedSearchTexts = defineTexts({
  'notification.saved-search.title': 'New results for “{query}”',
  'notification.saved-search.content_one': '{count} new result for your saved search.',
  'notification.saved-search.content_other': '{count} new results for your saved search.',
  'notification.saved-search.link': 'Show the results',
  'mail.saved-search.subject': 'New results for your saved search “{query}”',
  'mail.saved-search.intro': 'These items are new for your saved search “{query}”:',
  'mail.saved-search.all': 'Show all results',
  'mail.saved-search.reason':
    'You get this e-mail because you asked to be told of new results of this saved search.',
  'subscriptions.saved-search': 'e-mail about a saved search',
});
