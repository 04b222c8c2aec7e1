import { useEffect } from 'react';
import { getConfig } from '../../config/runtime-config.js';
import { browserRedirect } from '../../lib/auth/browser-redirect.js';
import { useT } from '../../lib/labels/use-t.js';
import './routes.labels.js';

/** §2 "any other path": leaves the app for the community site address. */
export function LeavePage() {
  const t = useT();
  const community = getConfig().links.community;

  useEffect(() => {
    browserRedirect.to(community);
  }, [community]);

  return (
    <div className="app-route-message" role="status">
      <p>{t('leave.progress')}</p>
      <a href={community}>{t('leave.link')}</a>
    </div>
  );
}
