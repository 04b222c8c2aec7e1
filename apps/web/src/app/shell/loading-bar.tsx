import { usePendingRequests } from '../../lib/http/pending-requests.js';
import { useT } from '../../lib/labels/use-t.js';
import './shell.labels.js';

/** §4 A thin indeterminate bar at the top of the window while any request is pending. */
export function LoadingBar() {
  const t = useT();
  const pending = usePendingRequests();
  if (!pending) return null;
  return (
    <div className="app-loading-bar" role="progressbar" aria-label={t('shell.loading')}>
      <span className="app-loading-bar__indicator" />
    </div>
  );
}
