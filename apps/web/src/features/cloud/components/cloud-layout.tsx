import { useId, type ReactNode } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router';
import { paths, withQuery } from '../../../config/paths.js';
import { ErrorState } from '../../../components/ui/error-state/error-state.js';
import { useT } from '../../../lib/labels/use-t.js';
import { CLOUD_ACCOUNT_PARAM, useCloudAccountId, useCloudAccounts } from '../api/cloud-queries.js';

const SECTIONS = [
  { key: 'instances', to: paths.cloud(), end: true },
  { key: 'maintenance', to: paths.cloudMaintenance(), end: false },
  { key: 'release-schedules', to: paths.cloudReleaseSchedules(), end: false },
  { key: 'notifications', to: paths.cloudNotifications(), end: false },
  { key: 'reports', to: paths.cloudReports(), end: false },
] as const;

/**
 * The cloud pages' frame: the heading, the account picker of a vendor employee (ADR 0023:
 * they see any account; the API takes `accountId`) and the section navigation, whose links
 * keep the picked account.
 */
export function CloudLayout({ children }: { children: ReactNode }) {
  const t = useT();
  const accountId = useCloudAccountId();
  const query = { [CLOUD_ACCOUNT_PARAM]: accountId };
  return (
    <div className="cloud">
      <h1 className="ui-page-title">{t('cloud.title')}</h1>
      <AccountPicker accountId={accountId} />
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
      {children}
    </div>
  );
}

/** Only when there is a choice: everyone but a vendor employee has just their own account. */
function AccountPicker({ accountId }: { accountId: string | undefined }) {
  const t = useT();
  const id = useId();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const query = useCloudAccounts();
  // Which accounts one may pick failed: the §8 text and a retry in the picker's place.
  if (query.isError)
    return (
      <ErrorState
        error={query.error}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  const accounts = query.data ?? [];
  if (accounts.length < 2) return null;
  // The caller's own account comes first and is what a call without accountId shows.
  const own = accounts[0]?.id;
  const current = accountId ?? own ?? '';
  return (
    <p className="cloud__account">
      <label htmlFor={id}>{t('cloud.account')}</label>
      <select
        id={id}
        value={current}
        onChange={(event) =>
          void navigate(
            withQuery(pathname, {
              [CLOUD_ACCOUNT_PARAM]: event.target.value === own ? undefined : event.target.value,
            }),
          )
        }
      >
        {accounts.map((account) => (
          <option key={account.id} value={account.id}>
            {account.name}
          </option>
        ))}
      </select>
    </p>
  );
}
