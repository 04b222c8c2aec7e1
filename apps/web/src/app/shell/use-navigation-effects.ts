import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { getConfig } from '../../config/runtime-config.js';
import { useT } from '../../lib/labels/use-t.js';
import { useNotificationStore } from '../../lib/notifications/notification-store.js';
import { currentPageName } from '../../lib/title/document-title.js';
import { pageTitle } from '../../lib/title/page-title.js';

/**
 * What happens when a navigation ends:
 * - the browser title becomes the section name (or the name the page gave itself) plus the
 *   configured suffix (§1);
 * - a non-persistent notification closes (§4 Notifications); persistent ones stay.
 */
export function useNavigationEffects(): void {
  const { pathname, key } = useLocation();
  const t = useT();

  // Section names are labels, so the title follows the user's language once labels load. A
  // page that names itself (useDocumentTitle, e.g. a product's news) keeps its name.
  useEffect(() => {
    const { titleSuffix } = getConfig();
    const name = currentPageName();
    document.title = name === null ? pageTitle(pathname, titleSuffix, t) : `${name}${titleSuffix}`;
  }, [pathname, t]);

  // Compared by location key rather than "skip the first run", so a repeated effect (StrictMode)
  // does not count as a navigation.
  const shownAt = useRef(key);
  useEffect(() => {
    if (shownAt.current === key) return;
    shownAt.current = key;
    useNotificationStore.getState().clearNonPersistent();
  }, [key]);
}
