import { useParams, useSearchParams } from 'react-router';
import { QueryErrorState } from '../../components/ui/error-state/error-state.js';
import { routeParams } from '../../config/paths.js';
import { useT } from '../../lib/labels/use-t.js';
import { useUserManagementContext } from './api/user-management-api.js';
import { NoAccess } from './components/no-access.js';
import { UserFormPage } from './components/user-form-page.js';
import { UserListPage } from './components/user-list-page.js';
import './user-management.labels.js';
import '../../components/ui/ui.css';
import './user-management.css';

/**
 * User management (issue 15; §2 user-management, lazy): the list at /user-management, the
 * form at /user-management/new and /user-management/{id}. Callers without USERMANAGEMENT
 * get the no-access page (the API answers them 403).
 */
export default function UserManagementRoute() {
  const t = useT();
  const params = useParams();
  const [search] = useSearchParams();
  const accountId = search.get('accountId') ?? '';
  const context = useUserManagementContext(accountId);
  const userId = params[routeParams.userId];

  if (context.data === 'no-access') return <NoAccess />;
  if (context.isError) {
    return <QueryErrorState query={context} />;
  }
  if (!context.data) {
    return (
      <p role="status" className="um-loading">
        {t('user-management.title')}…
      </p>
    );
  }
  if (userId === undefined) return <UserListPage context={context.data} />;
  return (
    <UserFormPage key={userId} context={context.data} userId={userId === 'new' ? null : userId} />
  );
}
