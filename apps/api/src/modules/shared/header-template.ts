import type { Env } from '../../config/env.js';
import { escapeHtml, safeHref } from '../../lib/html.js';
import type { Translate } from '../../lib/i18n/translate.js';
import './shared.texts.js';
import type { HeaderUser } from './user-cookie.js';

interface NavLink {
  text: string;
  href: string;
}

function navigation(env: Env, user: HeaderUser | null, t: Translate): NavLink[] {
  const permissions = new Set(user?.permissions ?? []);
  const links: NavLink[] = [
    { text: t('header.nav.news'), href: '/news' },
    { text: t('header.nav.my-solutions'), href: '/my-solutions' },
    { text: 'Support4U', href: '/services' },
    { text: t('header.nav.cloud'), href: '/cloud' },
    { text: 'University4U', href: '/university' },
    { text: 'Resources4U', href: '/resources' },
    { text: 'Deal Management 4U', href: env.DEAL_MANAGEMENT_URL },
    { text: t('header.nav.marketplace'), href: '/marketplace' },
  ];
  if (permissions.has('PARTNER') || permissions.has('SALES')) {
    links.push({ text: t('header.nav.sales-partners'), href: '/salespartners' });
  }
  links.push({ text: t('header.nav.community'), href: env.COMMUNITY_URL });
  return links;
}

const icon = (name: string): string =>
  `<svg class="portico-icon" aria-hidden="true" focusable="false"><use href="#icon-${name}"></use></svg>`;

/**
 * The default shared header (§1), fetched by the SPA as HTML and sanitised with DOMPurify
 * before it reaches the DOM: plain markup, no scripts, no inline handlers. The root is a
 * div so the SPA's own host element decides the landmark (a <header> host gives "banner").
 * Every value from configuration or from the USER cookie is escaped. The Menu button starts
 * hidden: the SPA shows it and opens and closes the navigation with it on narrow screens; the
 * Search button likewise collapses the search form there (ADR 0019).
 */
export function renderHeader(
  env: Env,
  user: HeaderUser | null,
  t: Translate,
  // The first paint (ADR 0044) shows the buttons as the app will, collapsed: it is inert, so
  // nothing is clickable before the app runs, and the page does not jump when it takes over.
  { asTheAppShowsIt = false }: { asTheAppShowsIt?: boolean } = {},
): string {
  const firstName = user?.firstName ?? '';
  const hidden = asTheAppShowsIt ? '' : ' hidden';
  const nav = navigation(env, user, t)
    .map(
      (l) =>
        `<li><a class="portico-header__nav-link" href="${safeHref(l.href)}">${escapeHtml(l.text)}</a></li>`,
    )
    .join('\n        ');
  // Billing sits with the account's own links; only for those who may see it (ADR 0023).
  const invoices = user?.permissions?.includes('INVOICES')
    ? `<a class="portico-header__invoices" href="/invoices">${escapeHtml(t('header.invoices'))}</a>\n      `
    : '';
  // Issue 15: administrators reach user management from the user area of the header.
  const userManagement = (user?.permissions ?? []).includes('USERMANAGEMENT')
    ? `\n      <a class="portico-header__settings" href="/user-management">${escapeHtml(t('header.user-management'))}</a>`
    : '';
  const greeting = firstName
    ? `<span class="portico-header__greeting">${icon('user')}<span>${escapeHtml(t('header.greeting', { name: firstName }))}</span></span>`
    : '';

  // Issue 25: the notification bell's place, held from the first HTML on, so that the app's
  // bell moves nothing when it enters the bar (the app puts its bell into this slot).
  const bellSlot = user ? '\n    <span class="portico-header__bell"></span>' : '';

  return `<div class="portico-header">
  <div class="portico-header__bar">
    <a class="portico-header__logo" href="/news"><span class="portico-header__brand">Portico</span><span class="portico-visually-hidden"> ${escapeHtml(t('header.logo.section'))}</span></a>
    <button class="portico-header__search-toggle" type="button" aria-expanded="false" aria-controls="portico-header-search"${hidden}>${icon('search')}<span>${escapeHtml(t('header.search.toggle'))}</span></button>
    <button class="portico-header__menu-button" type="button" aria-expanded="false" aria-controls="portico-header-nav"${hidden}>${icon('menu')}<span>${escapeHtml(t('header.menu'))}</span></button>
    <nav class="portico-header__nav" id="portico-header-nav" aria-label="${escapeHtml(t('header.nav.label'))}">
      <ul class="portico-header__nav-list">
        ${nav}
      </ul>
    </nav>
    <div class="portico-header__user">
      ${greeting}${userManagement}
      ${invoices}<a class="portico-header__settings" href="/my-settings">${escapeHtml(t('header.my-settings'))}</a>
      <a class="portico-header__sign-out" href="${safeHref(env.LOGOUT_PATH)}">${escapeHtml(t('header.sign-out'))}</a>
    </div>${bellSlot}
  </div>
  <form class="portico-header__search" id="portico-header-search" role="search" action="/search" method="get">
    <label class="portico-header__search-label" for="portico-search-query">${escapeHtml(t('header.search.label'))}</label>
    <input class="portico-header__search-input" id="portico-search-query" name="query" type="text" autocomplete="off" />
    <label class="portico-header__search-label" for="portico-search-product">${escapeHtml(t('header.search.product'))}</label>
    <select class="portico-header__search-product" id="portico-search-product" name="productId"><option value="">${escapeHtml(t('header.search.all-products'))}</option></select>
    <button class="portico-header__search-button" type="submit">${icon('search')}<span>${escapeHtml(t('header.search.button'))}</span></button>
  </form>
</div>
`;
}
