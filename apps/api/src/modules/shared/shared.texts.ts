import { defineTexts } from '../../lib/i18n/define-texts.js';

/**
 * The shared header and footer (§1). The header follows the USER cookie's language when
 * signed in and Accept-Language otherwise (issues 12, 16); product names such as Support4U
 * stay as they are in every language.
 */
export const sharedTexts = defineTexts({
  'header.nav.label': 'Portal',
  'header.nav.news': 'News',
  'header.nav.my-solutions': 'My Solutions',
  'header.nav.cloud': 'Cloud',
  'header.nav.marketplace': 'Marketplace',
  'header.nav.sales-partners': 'Sales Partners',
  'header.nav.community': 'Community',
  'header.logo.section': '– News',
  'header.search.toggle': 'Search',
  'header.menu': 'Menu',
  'header.more': 'More',
  'header.brand': 'Portico',
  'header.search.label': 'Search the portal',
  'header.search.product': 'Product',
  'header.search.all-products': 'All products',
  'header.search.button': 'Search',
  'header.user-management': 'User management',
  'header.invoices': 'Invoices',
  'header.my-settings': 'My settings',
  'header.sign-out': 'Sign out',
  'header.greeting': 'Hello, {name}',
  'footer.nav.label': 'Useful links',
  'footer.link.community': 'Community',
  'footer.link.support-portal': 'Support portal',
  'footer.link.learning': 'Learning platform',
  'footer.link.marketplace': 'Marketplace',
  'footer.link.resources': 'Resources',
  'footer.link.subscriptions': 'E-mail subscriptions',
  'footer.link.contact': 'Contact us',
  'footer.copyright': '© {year} Portico. All rights reserved.',
});
