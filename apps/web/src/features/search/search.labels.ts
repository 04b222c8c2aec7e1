import { defineLabels } from '../../lib/labels/define-labels.js';

/** English defaults of the search results page (§2 Search results page, §8 Other messages). */
export const searchLabels = defineLabels({
  'search.title': 'Search results',
  'search.criteria': 'You searched for “{{query}}”.',
  'search.criteria.product': 'You searched for “{{query}}” in {{product}}.',
  'search.cards.label': 'Results by source',
  // §8 Other messages.
  'search.no-product': 'No product selected',
  'search.no-query': 'No query entered',
  'search.no-results': 'Oops, we could not find any results. Please modify your search.',
  'search.query.too-long': 'Please enter a query of at most {{number}} characters.',
  'search.query.control-characters':
    'This query contains characters that cannot be searched. Please type it again.',
  // §2: the count label of a card: no results, 1 result or N results.
  'search.count.none': 'No results',
  'search.count_one': '{{count}} result',
  'search.count_other': '{{count}} results',
  // A count at the API's bound means "at least that many" (docs/decisions/0006).
  'search.count.at-least': '{{count}}+ results',
  'search.total_one': '{{count}} result in total',
  'search.total_other': '{{count}} results in total',
  'search.total.at-least': '{{count}}+ results in total',
  'search.card.loading': 'Searching…',
  'search.card.failed': 'This source could not be searched right now.',
  'search.card.new-window': '(opens in a new window)',
  'search.card.community': 'Community',
  'search.card.community.text': 'Questions, answers and discussions of other users.',
  'search.card.knowledgeArticles': 'Knowledge articles',
  'search.card.knowledgeArticles.text': 'Solutions and how-tos from the support knowledge base.',
  'search.card.university': 'University',
  'search.card.university.text': 'Courses and learning material on the learning platform.',
  'search.card.productDocumentation': 'Product documentation',
  'search.card.productDocumentation.text': 'Guides, references and release notes of the product.',
  'search.card.cases': 'Support cases',
  'search.card.cases.text': 'The support cases of your account.',
  'search.card.serviceCatalog': 'Service catalogue',
  'search.card.serviceCatalog.text': 'Services you can request from support.',
  'search.card.productSoftwareDownloads': 'Product downloads',
  'search.card.productSoftwareDownloads.text': 'Software, patches and tools for the product.',
  'search.card.productNews': 'Product news',
  'search.card.productNews.text': 'News about the product.',
  'search.card.news': 'General news',
  'search.card.news.text': 'News of the portal for everyone.',
  // Hits under the cards and the spelling correction (issue 38).
  'search.hits.label': 'Top results in {{source}}',
  'search.hits.show-all': 'Show all in {{source}}',
  // A support case's status under its hit, as the desk names it (desk.status.*).
  'search.hit.status.new': 'New',
  'search.hit.status.in-progress': 'In progress',
  'search.hit.status.awaiting-info': 'Awaiting info',
  'search.hit.status.resolved': 'Resolved',
  'search.hit.status.closed': 'Closed',
  'search.correction.applied':
    'Nothing was found for “{{query}}”. Showing results for “{{corrected}}”.',
  'search.correction.offered': 'Did you mean:',
  // Saved searches (issue 38).
  'search.save.title': 'Save this search',
  'search.save.saved': 'This search is saved',
  'search.save.bell': 'Tell me of new results in the portal',
  'search.save.email': 'Tell me of new results by e-mail',
  'search.save.button': 'Save search',
  'search.save.update': 'Save changes',
  'search.save.remove': 'Remove saved search',
  // The notice alertHidedNew1 (§2 Search results page, §4 Notice banner).
  'search.notice.message':
    'New: the search now also looks through the community, the University and, with a support subscription, knowledge articles, cases and the service catalogue.',
  'search.notice.link': 'Read the latest news',
});
