import { defineLabels } from '../../lib/labels/define-labels.js';

/** English defaults of the landing pages (§2 resources, salespartners, marketplace, billingplatform) and /csm. */
export const landingLabels = defineLabels({
  'landing.resources.title': 'Resources4U',
  'landing.resources.description':
    'Brochures, customer stories, analyst reports, webinars and product presentations about Portico solutions: everything you need to learn about them and to share with your colleagues.',
  'landing.resources.button': 'Go to Resources4U',
  'landing.salespartners.title': 'Sales partner resources',
  'landing.salespartners.description':
    'Everything partners need to sell Portico solutions: sales playbooks, pricing guides, demo scripts, competitive insights and co-branded marketing material.',
  'landing.salespartners.button': 'Go to the sales partner site',
  'landing.marketplace.title': 'Marketplace',
  'landing.marketplace.description':
    'Discover apps, extensions and integrations built by Portico and its partners, and add them to your solution.',
  'landing.marketplace.button': 'Go to the Marketplace',
  'landing.billingplatform.title': 'Billing Platform',
  'landing.billingplatform.description':
    'See the balance of your success points, how they were spent and what is planned, and buy more for consulting, training and other services.',
  'landing.billingplatform.button': 'Go to the Billing Platform',
  'landing.new-window': '(opens in a new window)',
  'csm.progress': 'Taking you to the support portal…',
  'csm.link': 'Continue to the support portal',
});
