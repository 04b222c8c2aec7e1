import type { Product } from '@portico/contracts';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths, routePaths } from '../../config/paths.js';
import { getConfig } from '../../config/runtime-config.js';
import { useT } from '../../lib/labels/use-t.js';
import {
  fillProductOptions,
  findHeaderSearch,
  mergeProducts,
  readHeaderSearch,
} from './header-search.js';
import { enhanceHeaderMenu, enhanceHeaderMore, enhanceHeaderSearchToggle } from './header-menu.js';
import { HeaderSearch } from './header-search-intent.js';
import { inAppHref, serverOwnedPaths } from './in-app-link.js';
import './shell.labels.js';

interface SharedHtmlProps {
  /** The landmark element hosting the HTML (the server's markup has a plain div root). */
  as: 'header' | 'footer';
  /** HTML safe to inject (see shell-html-trust.ts). */
  html: string;
  className: string;
  /**
   * Set for the header: its search form is filled with these products (catalogue plus the
   * user's connected ones) and handled client-side. Pass stable arrays (query data).
   */
  search?: { catalogue: readonly Product[]; connected: readonly Product[] };
}

/**
 * Hosts the shared header or footer HTML. Same-origin links into the app navigate
 * client-side; the header search form (query + productId) fills its product list and
 * submits to /search client-side, and mirrors the search page's criteria while it is shown.
 */
export function SharedHtml({ as: Host, html, className, search }: SharedHtmlProps) {
  const t = useT();
  const ref = useRef<HTMLElement>(null);
  const navigate = useNavigate();
  const location = useLocation();

  useEffect(() => {
    const host = ref.current;
    if (!host) return;
    const serverPaths = serverOwnedPaths(getConfig());
    const onClick = (event: MouseEvent) => {
      const to = inAppHref(event, serverPaths);
      if (to === null) return;
      event.preventDefault();
      void navigate(to);
    };
    host.addEventListener('click', onClick);
    return () => host.removeEventListener('click', onClick);
  }, [navigate]);

  // The header's Menu, Search and More buttons: taken over with each new HTML,
  // closed on every navigation. Before the browser paints the new HTML: taking them over
  // folds their panels, and a frame with the panels open would move the whole page.
  const closeMenu = useRef<() => void>(() => undefined);
  useLayoutEffect(() => {
    const host = ref.current;
    const panels = host
      ? [enhanceHeaderMenu(host), enhanceHeaderSearchToggle(host), enhanceHeaderMore(host)].filter(
          (p) => p !== null,
        )
      : [];
    if (panels.length === 0) return;
    closeMenu.current = () => panels.forEach((p) => p.close());
    return () => {
      panels.forEach((p) => p.destroy());
      closeMenu.current = () => undefined;
    };
  }, [html]);
  useEffect(() => {
    closeMenu.current();
  }, [location.pathname, location.search]);

  const handlesSearch = search !== undefined;
  const catalogue = search?.catalogue;
  const connected = search?.connected;
  const criteria = location.pathname === routePaths.search ? location.search : '';

  const criteriaProduct = useRef('');
  // The product list follows the products and the language; what is chosen and typed stays
  // (labels that arrive with lazily loaded code must not wipe a query being typed).
  useEffect(() => {
    const form = ref.current && handlesSearch ? findHeaderSearch(ref.current) : null;
    if (!form?.product) return;
    // Before the products arrive the list cannot hold the search page's product: apply it now.
    const chosen = form.product.value || criteriaProduct.current;
    fillProductOptions(
      form.product,
      mergeProducts(catalogue ?? [], connected ?? []),
      t('shell.search.allProducts'),
    );
    form.product.value = chosen;
    if (form.product.value !== chosen) form.product.value = '';
  }, [html, handlesSearch, catalogue, connected, t]);

  // §2 Search results: the header search shows the page's query and product, cleared on leaving.
  useEffect(() => {
    const form = ref.current && handlesSearch ? findHeaderSearch(ref.current) : null;
    if (!form) return;
    const params = new URLSearchParams(criteria);
    criteriaProduct.current = params.get('productId') ?? '';
    if (form.query) form.query.value = params.get('query') ?? '';
    if (form.product) form.product.value = criteriaProduct.current;
  }, [html, handlesSearch, criteria]);

  useEffect(() => {
    const form = ref.current && handlesSearch ? findHeaderSearch(ref.current) : null;
    if (!form) return;
    const onSubmit = (event: SubmitEvent) => {
      event.preventDefault();
      const { query, productId } = readHeaderSearch(form);
      void navigate(paths.search(query, productId));
    };
    form.form.addEventListener('submit', onSubmit);
    return () => form.form.removeEventListener('submit', onSubmit);
  }, [html, handlesSearch, navigate]);

  return (
    <>
      <Host ref={ref} className={className} dangerouslySetInnerHTML={{ __html: html }} />
      {handlesSearch && <HeaderSearch host={ref} html={html} />}
    </>
  );
}
