import { userType } from '@portico/contracts/user';
import type { ReactNode } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router';
import { AccountPicker } from '../../../components/account-picker/account-picker.js';
import {
  nameOf,
  usePickerAvailable,
  useRecentAccounts,
  useRecordAccountInView,
} from '../../../components/account-picker/account-picker-api.js';
import { paths, withQuery } from '../../../config/paths.js';
import { QueryErrorState } from '../../../components/ui/error-state/error-state.js';
import { useT } from '../../../lib/labels/use-t.js';
import { useProfile } from '../../../lib/profile/profile-query.js';
import {
  CLOUD_ACCOUNT_PARAM,
  useCloudAccountId,
  useNamedCloudAccountId,
} from '../api/cloud-queries.js';

const SECTIONS = [
  { key: 'instances', to: paths.cloud(), end: true },
  { key: 'maintenance', to: paths.cloudMaintenance(), end: false },
  { key: 'release-schedules', to: paths.cloudReleaseSchedules(), end: false },
  { key: 'notifications', to: paths.cloudNotifications(), end: false },
  { key: 'reports', to: paths.cloudReports(), end: false },
] as const;

/** Whether the caller may pick another account here (employees; partners with customers). */
export function useCanPickCloudAccount(): boolean {
  const profile = useProfile();
  return usePickerAvailable(profile ? userType(profile) : '');
}

/**
 * The cloud pages' frame: the heading, the account picker (ADR 0023, 0070: an employee may
 * look at any account, a partner at the customers they serve; the API takes `accountId`) and
 * the section navigation, whose links keep the account in view. The sections wait for the
 * recent accounts: without an account in the address, the last one used is shown.
 */
export function CloudLayout({ children }: { children: ReactNode }) {
  const t = useT();
  const named = useNamedCloudAccountId();
  const accountId = useCloudAccountId();
  const recents = useRecentAccounts();
  useRecordAccountInView(named, recents.data);
  const query = { [CLOUD_ACCOUNT_PARAM]: accountId };
  return (
    <div className="cloud">
      <h1 className="ui-page-title">{t('cloud.title')}</h1>
      <CloudAccountPicker accountId={accountId} />
      <nav className="cloud__nav" aria-label={t('cloud.nav')}>
        <ul>
          {SECTIONS.map((section) => (
            <li key={section.key}>
              <NavLink
                to={withQuery(section.to, query)}
                end={section.end}
                className="cloud__nav-link"
              >
                {t(`cloud.nav.${section.key}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {recents.data ? children : !recents.isError && <p role="status">{t('cloud.loading')}</p>}
    </div>
  );
}

/** Only when there is a choice: a customer's user has just their own account. */
function CloudAccountPicker({ accountId }: { accountId: string | undefined }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const profile = useProfile();
  const canPick = useCanPickCloudAccount();
  const recents = useRecentAccounts();
  // Which account to show failed: the §8 text and a retry in the picker's place.
  if (recents.isError) return <QueryErrorState query={recents} />;
  if (!recents.data || !canPick || !profile) return null;
  const own = recents.data.own;
  const id = accountId ?? own.id;
  return (
    <AccountPicker
      key={id}
      userType={userType(profile)}
      current={{ id, name: nameOf(accountId, recents.data) ?? id }}
      own={own}
      recent={recents.data.recent}
      onPick={(account) =>
        void navigate(withQuery(pathname, { [CLOUD_ACCOUNT_PARAM]: account.id }))
      }
    />
  );
}
