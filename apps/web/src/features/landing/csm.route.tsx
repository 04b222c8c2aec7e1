import { useEffect, useRef } from 'react';
import { getConfig } from '../../config/runtime-config.js';
import { browserRedirect } from '../../lib/auth/browser-redirect.js';
import { useT } from '../../lib/labels/use-t.js';
import './landing.labels.js';
import './landing.css';

/** /csm (§2): the whole window goes to the support portal; a link in case it does not. */
export default function CsmRoute() {
  const t = useT();
  const csm = getConfig().links.csm;
  const left = useRef(false);

  useEffect(() => {
    // Once per visit: StrictMode's second effect run must not start a second navigation.
    if (left.current) return;
    left.current = true;
    browserRedirect.to(csm);
  }, [csm]);

  return (
    <div className="csm app-route-message" role="status">
      <p>{t('csm.progress')}</p>
      <a href={csm}>{t('csm.link')}</a>
    </div>
  );
}
