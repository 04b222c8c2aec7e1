import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { getConfig } from '../../config/runtime-config.js';
import { useT } from '../../lib/labels/use-t.js';
import { useNotificationStore } from '../../lib/notifications/notification-store.js';
import { pageTitle } from '../../lib/title/page-title.js';

/**
 * What happens when a navigation ends:
 * - the browser title becomes the section name plus the configured suffix (§1);
 * - a non-persistent notification closes (§4 Notifications); persistent ones stay.
 */
export function useNavigationEffects(): void {
  const { pathname, key } = useLocation();
  const t = useT();

  // Section names are labels, so the title follows the user's language once labels load.
  useEffect(() => {
    document.title = pageTitle(pathname, getConfig().titleSuffix, t);
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
