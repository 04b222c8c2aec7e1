import { useEffect } from 'react';
import { getConfig } from '../../config/runtime-config.js';

// The name a page gives itself instead of the path-derived section name (page-title.ts). One
// page at a time is mounted, so one value; it is not state anyone renders from.
let pageName: string | null = null;

/** The name the current page has set with useDocumentTitle, if any. */
export const currentPageName = (): string | null => pageName;

/**
 * Gives the browser title this name (plus the configured suffix) while the calling page is
 * shown, e.g. a product page: 'ERPx | Portico Community'. The shell's navigation effect,
 * which runs after the page's own effects, reads it instead of deriving the name from the
 * path; unmounting hands the title back to the path rule.
 */
export function useDocumentTitle(name: string | undefined): void {
  useEffect(() => {
    if (!name) return;
    pageName = name;
    document.title = `${name}${getConfig().titleSuffix}`;
    return () => {
      if (pageName === name) pageName = null;
    };
  }, [name]);
}
