import { NoAccessPage } from '../../../components/ui/no-access/no-access.js';
import { useT } from '../../../lib/labels/use-t.js';

/** Anyone without USERMANAGEMENT: a clear page, never a broken screen (issue 15). */
export function NoAccess() {
  const t = useT();
  return (
    <NoAccessPage
      title={t('user-management.no-access.title')}
      text={t('user-management.no-access.text')}
    />
  );
}
