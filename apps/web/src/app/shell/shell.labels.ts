import { defineLabels } from '../../lib/labels/define-labels.js';

/** English defaults for the app shell. */
export const shellLabels = defineLabels({
  'shell.skipToContent': 'Skip to main content',
  'shell.loading': 'Loading',
  'shell.pageLoading': 'Loading the portal…',
  'shell.search.allProducts': 'All products',
  'shell.routeError.title': 'Something went wrong',
  'shell.routeError.body':
    'This page could not be shown. Please reload the page or try again later.',
  'shell.routeError.home': 'Go to the news page',
});
