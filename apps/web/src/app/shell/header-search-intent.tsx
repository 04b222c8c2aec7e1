import { lazy, Suspense, useLayoutEffect, useState, type RefObject } from 'react';
import { findHeaderSearch } from './header-search.js';
import { useSearchShortcut } from './use-search-shortcut.js';

/**
 * The suggestion list's code (the combobox, its labels and styles) loads on intent: the first
 * time the box is focused or the pointer comes over the search form (issue 35: 3 KB off the
 * start-up path). Should it fail to load, the box stays what it was, a plain search field.
 */
const HeaderSearchCombobox = lazy(() =>
  import('./header-search-combobox.js')
    .then((module) => ({ default: module.HeaderSearchCombobox }))
    .catch((error: unknown) => {
      console.warn('The search suggestions could not be loaded', error);
      return { default: () => null };
    }),
);

/**
 * The header search box until someone means to use it: a closed combobox (ARIA 1.2 asks no
 * list of a closed one) that `/` focuses from anywhere; the combobox proper takes the input
 * over when its code has loaded, and opens if the input has the focus by then.
 */
export function HeaderSearch({
  host,
  html,
}: {
  host: RefObject<HTMLElement | null>;
  html: string;
}) {
  const [wanted, setWanted] = useState(false);

  useLayoutEffect(() => {
    const found = host.current ? findHeaderSearch(host.current) : null;
    const input = found?.query;
    if (!found || !input) return;
    input.setAttribute('role', 'combobox');
    input.setAttribute('aria-autocomplete', 'list');
    input.setAttribute('aria-expanded', 'false');
    input.setAttribute('aria-keyshortcuts', '/');
    if (wanted) return;
    const want = () => setWanted(true);
    if (input.ownerDocument.activeElement === input) {
      // The input is the server's HTML, outside React: it may hold the focus already.
      want();
      return;
    }
    input.addEventListener('focus', want);
    found.form.addEventListener('pointerenter', want);
    return () => {
      input.removeEventListener('focus', want);
      found.form.removeEventListener('pointerenter', want);
    };
  }, [host, html, wanted]);

  useSearchShortcut(host);

  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <HeaderSearchCombobox host={host} html={html} />
    </Suspense>
  );
}
