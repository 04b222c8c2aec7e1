import { LeaveFor } from '../../components/ui/leave-for/leave-for.js';
import { getConfig } from '../../config/runtime-config.js';
import { useT } from '../../lib/labels/use-t.js';
import './landing.labels.js';
import './landing.css';

/** /csm (§2): the whole window goes to the support portal. */
export default function CsmRoute() {
  const t = useT();
  return (
    <LeaveFor
      className="csm app-route-message"
      href={getConfig().links.csm}
      progress={t('csm.progress')}
      link={t('csm.link')}
    />
  );
}
