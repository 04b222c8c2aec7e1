import { LeaveFor } from '../../components/ui/leave-for/leave-for.js';
import { getConfig } from '../../config/runtime-config.js';
import { useT } from '../../lib/labels/use-t.js';
import './routes.labels.js';

/** §2 "any other path": leaves the app for the community site address. */
export function LeavePage() {
  const t = useT();
  return (
    <LeaveFor
      className="app-route-message"
      href={getConfig().links.community}
      progress={t('leave.progress')}
      link={t('leave.link')}
    />
  );
}
