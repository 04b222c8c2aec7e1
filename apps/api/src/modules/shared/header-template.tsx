import { renderToStaticMarkup } from 'react-dom/server';
import type { Env } from '../../config/env.js';
import { safeAddress } from '../../lib/html.js';
import type { Translate } from '../../lib/i18n/translate.js';
import { fitClass, headerFit } from './header-fit.js';
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

function Icon({ name }: { name: string }) {
  return (
    <svg className="portico-icon" aria-hidden="true" focusable="false">
      <use href={`#icon-${name}`} />
    </svg>
  );
}

/**
 * The portal links: one row, those that do not fit in a More menu (issue 37). Each link is in
 * the row and in the More list; the container queries of header-fit.css show it in one of
 * the two by the navigation's width. On a narrow screen the whole list is the Menu's.
 */
function PortalNavigation({
  links,
  more,
  hidden,
  t,
}: {
  links: NavLink[];
  more: string;
  hidden: boolean;
  t: Translate;
}) {
  const fit = headerFit(
    links.map((link) => link.text),
    more,
  );
  const step = (index: number) => fitClass(fit.links[index] ?? 0);
  return (
    <nav className="portico-header__nav" id="portico-header-nav" aria-label={t('header.nav.label')}>
      <ul className="portico-header__nav-list">
        {links.map((link, index) => (
          <li key={link.href} className={`portico-header__nav-item ${step(index)}`}>
            <a className="portico-header__nav-link" href={safeAddress(link.href)}>
              {link.text}
            </a>
          </li>
        ))}
        <li className={`portico-header__more ${fitClass(fit.more)}`}>
          <button
            className="portico-header__more-button"
            type="button"
            aria-expanded="false"
            aria-controls="portico-header-more"
            hidden={hidden}
          >
            <span>{more}</span>
            <Icon name="chevron-down" />
          </button>
          <ul className="portico-header__more-list" id="portico-header-more">
            {links.map((link, index) => (
              <li key={link.href} className={`portico-header__more-item ${step(index)}`}>
                <a className="portico-header__nav-link" href={safeAddress(link.href)}>
                  {link.text}
                </a>
              </li>
            ))}
          </ul>
        </li>
      </ul>
    </nav>
  );
}

/** The account's own links: user management, billing, settings, sign out (ADR 0023, issue 15). */
function AccountLinks({ env, user, t }: { env: Env; user: HeaderUser | null; t: Translate }) {
  const permissions = user?.permissions ?? [];
  const firstName = user?.firstName ?? '';
  return (
    <div className="portico-header__user">
      {firstName && (
        <span className="portico-header__greeting">
          <Icon name="user" />
          <span>{t('header.greeting', { name: firstName })}</span>
        </span>
      )}
      {permissions.includes('USERMANAGEMENT') && (
        <a className="portico-header__settings" href="/user-management">
          {t('header.user-management')}
        </a>
      )}
      {permissions.includes('INVOICES') && (
        <a className="portico-header__invoices" href="/invoices">
          {t('header.invoices')}
        </a>
      )}
      <a className="portico-header__settings" href="/my-settings">
        {t('header.my-settings')}
      </a>
      <a className="portico-header__sign-out" href={safeAddress(env.LOGOUT_PATH)}>
        {t('header.sign-out')}
      </a>
    </div>
  );
}

function Header({
  env,
  user,
  t,
  hidden,
}: {
  env: Env;
  user: HeaderUser | null;
  t: Translate;
  hidden: boolean;
}) {
  return (
    <div className="portico-header">
      <div className="portico-header__bar">
        <a className="portico-header__logo" href="/news">
          <span className="portico-header__brand">{t('header.brand')}</span>
          <span className="portico-visually-hidden"> {t('header.logo.section')}</span>
        </a>
        <button
          className="portico-header__search-toggle"
          type="button"
          aria-expanded="false"
          aria-controls="portico-header-search"
          hidden={hidden}
        >
          <Icon name="search" />
          <span>{t('header.search.toggle')}</span>
        </button>
        <button
          className="portico-header__menu-button"
          type="button"
          aria-expanded="false"
          aria-controls="portico-header-menu"
          hidden={hidden}
        >
          <Icon name="menu" />
          <span>{t('header.menu')}</span>
        </button>
        <div className="portico-header__menu" id="portico-header-menu">
          <PortalNavigation
            links={navigation(env, user, t)}
            more={t('header.more')}
            hidden={hidden}
            t={t}
          />
          <AccountLinks env={env} user={user} t={t} />
        </div>
        {/* Issue 25: the bell's place, held from the first HTML on (the app puts its bell here). */}
        {user && <span className="portico-header__bell" />}
      </div>
      <form
        className="portico-header__search"
        id="portico-header-search"
        role="search"
        action="/search"
        method="get"
      >
        <label className="portico-header__search-label" htmlFor="portico-search-query">
          {t('header.search.label')}
        </label>
        <input
          className="portico-header__search-input"
          id="portico-search-query"
          name="query"
          type="text"
          autoComplete="off"
        />
        <label className="portico-header__search-label" htmlFor="portico-search-product">
          {t('header.search.product')}
        </label>
        <select
          className="portico-header__search-product"
          id="portico-search-product"
          name="productId"
        >
          <option value="">{t('header.search.all-products')}</option>
        </select>
        <button className="portico-header__search-button" type="submit">
          <Icon name="search" />
          <span>{t('header.search.button')}</span>
        </button>
      </form>
    </div>
  );
}

/**
 * The default shared header (§1), fetched by the SPA as HTML and sanitised with DOMPurify
 * before it reaches the DOM: plain markup, no scripts, no inline handlers, rendered by React
 * (which escapes every value from configuration or the USER cookie). The root is a div so the
 * SPA's own host element decides the landmark (a <header> host gives "banner"). The Menu,
 * Search and More buttons start hidden: the SPA shows them and opens and closes their panels
 * (ADR 0019, ADR 0068).
 */
export function renderHeader(
  env: Env,
  user: HeaderUser | null,
  t: Translate,
  // The first paint (ADR 0044) shows the buttons as the app will, collapsed: it is inert, so
  // nothing is clickable before the app runs, and the page does not jump when it takes over.
  { asTheAppShowsIt = false }: { asTheAppShowsIt?: boolean } = {},
): string {
  return renderToStaticMarkup(<Header env={env} user={user} t={t} hidden={!asTheAppShowsIt} />);
}
