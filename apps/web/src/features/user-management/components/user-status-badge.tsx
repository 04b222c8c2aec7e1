import type { UserStatus } from '@portico/contracts';
import { useT } from '../../../lib/labels/use-t.js';

export function UserStatusBadge({ status }: { status: UserStatus }) {
  const t = useT();
  return (
    <span className={`ui-badge um-badge--${status.toLowerCase()}`}>
      {t(`user-management.status.${status}`)}
    </span>
  );
}
