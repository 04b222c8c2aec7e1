import {
  USER_ROLES,
  USER_STATUSES,
  fullName,
  userSortSchema,
  type UserManagementContext,
} from '@portico/contracts';
import { useState, type SubmitEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { QueryErrorState } from '../../../components/ui/error-state/error-state.js';
import { Pagination } from '../../../components/ui/pagination/pagination.js';
import { paths, withQuery } from '../../../config/paths.js';
import { useFormat } from '../../../lib/format/use-format.js';
import { handleFailure } from '../../../lib/http/failure-handling.js';
import { useT } from '../../../lib/labels/use-t.js';
import {
  USERS_PAGE_SIZE,
  downloadUsers,
  useAdministrableAccounts,
  useUserList,
  type UserListCriteria,
} from '../api/user-management-api.js';
import { useUserListNavigation, useUserListUrlState } from '../hooks/use-user-list-url-state.js';
import { UserStatusBadge } from './user-status-badge.js';
import { ColumnHeads } from '../../../components/ui/card-table/column-heads.js';
import { SecondaryButton } from '../../../components/ui/button/secondary-button.js';

function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The name of the user the form just deleted, from the navigation's state. */
function deletedUserOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('deletedUser' in state)) return null;
  return typeof state.deletedUser === 'string' ? state.deletedUser : null;
}

/** The list: 20 a page, query, filters, sort and the account switcher, all in the address. */
interface ListChoiceProps<T extends string> {
  label: string;
  name: string;
  value: T | '';
  choices: readonly T[];
  labelOf: (choice: T) => string;
  /** The empty choice's label, when the list can be left unfiltered ("any"). */
  anyLabel?: string;
  /** The chosen value, or '' for the empty choice. */
  onChange: (choice: T | '') => void;
}

/** A labelled select of the list's filters and sort: each change reloads the list. */
function ListChoice<T extends string>({
  label,
  name,
  value,
  choices,
  labelOf,
  anyLabel,
  onChange,
}: ListChoiceProps<T>) {
  return (
    <label className="um-field">
      <span>{label}</span>
      <select
        className="ui-control"
        name={name}
        value={value}
        onChange={(e) => onChange(choices.find((c) => c === e.target.value) ?? '')}
      >
        {anyLabel !== undefined && <option value="">{anyLabel}</option>}
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {labelOf(choice)}
          </option>
        ))}
      </select>
    </label>
  );
}

export function UserListPage({ context }: { context: UserManagementContext }) {
  const t = useT();
  const format = useFormat();
  const state = useUserListUrlState();
  const goTo = useUserListNavigation();
  const list = useUserList(state, true);
  const accounts = useAdministrableAccounts(context.canSwitchAccount);
  const [query, setQuery] = useState(state.query);
  const [exporting, setExporting] = useState(false);
  // Set by the form after a deletion: the list confirms which user went.
  const deletedUser = deletedUserOf(useLocation().state);

  const update = (change: Partial<UserListCriteria>) => void goTo({ ...state, page: 1, ...change });
  const onSearch = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    update({ query: query.trim() });
  };
  const onExport = async (format: 'csv' | 'xlsx') => {
    if (exporting) return;
    setExporting(true);
    try {
      const file = await downloadUsers(state, format);
      saveFile(file.blob, file.filename ?? `users.${format}`);
    } catch (error) {
      handleFailure(error);
    } finally {
      setExporting(false);
    }
  };

  const placeholder = t('user-management.search.placeholder');
  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const newHref = withQuery(`${paths.userManagement()}/new`, { accountId: state.accountId });

  return (
    <div className="um-list">
      <h1 className="ui-page-title">{t('user-management.title')}</h1>
      {deletedUser && (
        <p className="um-deleted" role="status">
          {t('user-management.deleted.named', { name: deletedUser })}
        </p>
      )}
      {/* The account and its licences, each named (issue 37: the licence line stood alone). */}
      <dl className="um-summary">
        <div className="um-summary__item">
          <dt>{t('user-management.account')}</dt>
          <dd>
            {context.canSwitchAccount ? (
              <select
                aria-label={t('user-management.account.switch')}
                value={state.accountId || context.accountId}
                onChange={(e) => update({ accountId: e.target.value })}
              >
                {(accounts.data ?? [{ id: context.accountId, name: context.accountName }]).map(
                  (a) => (
                    <option key={a.id} value={a.id}>
                      {a.name}
                    </option>
                  ),
                )}
              </select>
            ) : (
              <strong>{context.accountName}</strong>
            )}
          </dd>
        </div>
        <div className="um-summary__item">
          <dt>{t('user-management.licences.title')}</dt>
          <dd>
            {t('user-management.licences', {
              used: context.licencesUsed,
              count: context.licenceCount,
            })}
          </dd>
        </div>
      </dl>

      <form className="um-filters" role="search" onSubmit={onSearch}>
        <label className="um-field um-field--search">
          <span>{t('user-management.search.label')}</span>
          <input
            className="ui-control"
            type="search"
            name="query"
            value={query}
            maxLength={100}
            placeholder={placeholder}
            // Wide enough for its hint in every language (issue 37: "Name, e-mail or userna").
            size={placeholder.length + 2}
            onChange={(e) => setQuery(e.target.value)}
          />
        </label>
        <button type="submit" className="ui-button">
          {t('user-management.search.submit')}
        </button>
        <ListChoice
          label={t('user-management.filter.status')}
          name="status"
          value={state.status}
          choices={USER_STATUSES}
          labelOf={(s) => t(`user-management.status.${s}`)}
          anyLabel={t('user-management.filter.any')}
          onChange={(status) => update({ status })}
        />
        <ListChoice
          label={t('user-management.filter.role')}
          name="role"
          value={state.role}
          choices={USER_ROLES}
          labelOf={(r) => t(`user-management.role.${r}`)}
          anyLabel={t('user-management.filter.any')}
          onChange={(role) => update({ role })}
        />
        <ListChoice
          label={t('user-management.sort')}
          name="sort"
          value={state.sort}
          choices={userSortSchema.options}
          labelOf={(s) => t(`user-management.sort.${s}`)}
          onChange={(sort) => {
            if (sort) update({ sort });
          }}
        />
      </form>

      <div className="um-actions">
        <Link className="ui-button" to={newHref}>
          {t('user-management.add')}
        </Link>
        <SecondaryButton aria-busy={exporting} onClick={() => void onExport('csv')}>
          {t('user-management.export.csv')}
        </SecondaryButton>
        <SecondaryButton aria-busy={exporting} onClick={() => void onExport('xlsx')}>
          {t('user-management.export.xlsx')}
        </SecondaryButton>
      </div>

      {/* How many users the list has, said where the list starts. */}
      <p className="um-count" role="status">
        {list.data ? t('user-management.total', { count: total }) : ''}
      </p>

      <div className="um-table-wrap" role="region" aria-label={t('user-management.list.label')}>
        <table className="um-table ui-card-table" aria-busy={list.isFetching}>
          <ColumnHeads
            labels={[
              t('user-management.column.name'),
              t('user-management.column.email'),
              t('user-management.column.role'),
              t('user-management.column.status'),
              t('user-management.column.last-login'),
            ]}
          />
          <tbody>
            {items.map((u) => (
              <tr key={u.id}>
                <td>
                  <Link
                    to={withQuery(`${paths.userManagement()}/${encodeURIComponent(u.id)}`, {
                      accountId: state.accountId,
                    })}
                  >
                    {fullName(u)}
                  </Link>
                </td>
                <td data-label={t('user-management.column.email')}>{u.email}</td>
                <td data-label={t('user-management.column.role')}>
                  {t(`user-management.role.${u.role}`)}
                </td>
                <td data-label={t('user-management.column.status')}>
                  <UserStatusBadge status={u.status} />
                </td>
                <td data-label={t('user-management.column.last-login')}>
                  {u.lastLoginAt === null
                    ? t('user-management.never')
                    : format.dateTime(u.lastLoginAt)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {list.isError && <QueryErrorState query={list} />}
      {list.isSuccess && !list.isPlaceholderData && items.length === 0 && (
        <p role="status">{t('user-management.empty')}</p>
      )}
      <Pagination
        currentPage={state.page}
        pageSize={USERS_PAGE_SIZE}
        totalResults={total}
        onPageChange={(page) => void goTo({ ...state, page })}
        scrollToTop
      />
    </div>
  );
}
