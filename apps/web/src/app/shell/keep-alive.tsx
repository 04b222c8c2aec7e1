import { useEffect, useState } from 'react';
import { getConfig } from '../../config/runtime-config.js';
import { useT } from '../../lib/labels/use-t.js';
import './keep-alive.labels.js';

/**
 * §4 Keep-alive: a hidden frame at the configured address (runtime config `keepAlive`,
 * KEEP_ALIVE_URL / KEEP_ALIVE_INTERVAL). With interval 0, the default, "a frame exists but its
 * timer does nothing": the frame loads once and no timer runs. With an interval the frame is
 * loaded afresh every interval. No address: no frame.
 *
 * The API adds the address's origin to the CSP frame-src by itself; origins it redirects to
 * must be listed in FRAME_ORIGINS (README).
 */
export function KeepAlive() {
  const t = useT();
  const { url, intervalMs } = getConfig().keepAlive;
  const [loads, setLoads] = useState(0);

  useEffect(() => {
    if (!url || intervalMs <= 0) return undefined;
    const timer = setInterval(() => setLoads((count) => count + 1), intervalMs);
    return () => clearInterval(timer);
  }, [url, intervalMs]);

  if (!url) return null;
  return (
    <iframe
      // A new key is a new frame: the address loads again, exactly as configured (no cache-
      // busting parameter that a sign-in server might reject).
      key={loads}
      src={url}
      title={t('keep-alive.title')}
      hidden
      aria-hidden="true"
      tabIndex={-1}
      // Scripts and its own cookies are what keeps a session alive; it may not navigate the
      // portal, open pop-ups or submit forms.
      sandbox="allow-scripts allow-same-origin"
    />
  );
}
