import { defineLabels } from '../../lib/labels/define-labels.js';

/** English defaults of the news feature (§2 News list, News detail). */
export const newsLabels = defineLabels({
  'news.title': 'News',
  'news.editor-link': 'Write and publish news (news editor)',
  'news.search.label': 'Search news',
  'news.search.placeholder': 'Search news',
  'news.list.label': 'News items',
  'faceted-search.label.no-results': 'No results found.',
  'news.published': 'Published',
  'news.subscribe.title': 'Stay informed',
  'news.subscribe.text': 'Get the news you care about by e-mail: choose your subscriptions.',
  'news.subscribe.link': 'Manage your subscriptions',
  'news.detail.back': 'Back to news',
  'news.detail.loading': 'Loading the news item…',
});
