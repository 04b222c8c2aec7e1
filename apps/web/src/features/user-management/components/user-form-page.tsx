import {
  fullName,
  makeAccountUserInputSchema,
  type AccountUser,
  type AccountUserInput,
  type UserManagementContext,
} from '@portico/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { QueryErrorState } from '../../../components/ui/error-state/error-state.js';
import { ConfirmDialog } from '../../../components/ui/modal/confirm-dialog.js';
import { FormBanner } from '../../../components/ui/form-banner/form-banner.js';
import { paths, withQuery } from '../../../config/paths.js';
import { getConfig } from '../../../config/runtime-config.js';
import { HttpError } from '../../../lib/http/http-error.js';
import { useT } from '../../../lib/labels/use-t.js';
import { useCountriesAndLanguages } from '../../../lib/profile/countries-and-languages-query.js';
import { useAccountUser, useFormChoices } from '../api/user-management-api.js';
import { useUserFormActions } from '../hooks/use-user-form-actions.js';
import { auditOptions, UserAuditSection } from './user-audit-section.js';
import {
  AccessSection,
  AccountSection,
  AddressSection,
  ContactSection,
  GrantsSection,
  PersonSection,
} from './user-form-sections.js';
import { emptyUserInput, inputOf, isUserRole } from './user-form-model.js';
import { SecondaryButton } from '../../../components/ui/button/secondary-button.js';

interface FormActionProps {
  label: string;
  onClick: () => void;
  /** Stands out (delete). */
  danger?: boolean;
}

/** An action of the form beside its save button. */
function FormAction({ label, onClick, danger = false }: FormActionProps) {
  return (
    <SecondaryButton className={danger ? 'um-danger' : undefined} onClick={onClick}>
      {label}
    </SecondaryButton>
  );
}

/** Create or edit a user: every §3 field, the §5 messages, concurrency and deletion. */
export function UserFormPage({
  context,
  userId,
}: {
  context: UserManagementContext;
  userId: string | null;
}) {
  const t = useT();
  const loaded = useAccountUser(userId);
  // Only a 404 says the user is not in this account; any other failure is §8 with a retry.
  const notFound = loaded.error instanceof HttpError && loaded.error.status === 404;
  if (userId !== null && loaded.isError && !notFound) {
    return <QueryErrorState query={loaded} />;
  }
  if (userId !== null && loaded.isError) {
    return (
      <div className="um-form-page">
        <p role="alert">{t('user-management.not-found')}</p>
        <Link to={paths.userManagement()}>{t('user-management.form.back')}</Link>
      </div>
    );
  }
  if (userId !== null && !loaded.data) return <p role="status">…</p>;
  return <UserForm context={context} user={loaded.data ?? null} />;
}

/** A list of [code, name] pairs, one per code, by name. */
const byName = (entries: readonly (readonly [string, string])[]) =>
  [...new Map(entries).entries()].sort((a, b) => a[1].localeCompare(b[1]));

function UserForm({ context, user }: { context: UserManagementContext; user: AccountUser | null }) {
  const t = useT();
  const accountId = user?.accountId ?? context.accountId;
  const choices = useFormChoices(accountId, user?.id);
  const countries = useCountriesAndLanguages();
  // The contract's schema checks the form (§5); its messages are localised where shown.
  const schema = useMemo(() => makeAccountUserInputSchema(getConfig().phonePattern), []);
  const form = useForm<AccountUserInput, unknown, AccountUserInput>({
    resolver: zodResolver(schema),
    defaultValues: user ? inputOf(user) : emptyUserInput(context.timeZone),
  });
  const { setValue, handleSubmit, control } = form;
  const role = useWatch({ control, name: 'role' });
  const listHref = withQuery(paths.userManagement(), {
    accountId: context.canSwitchAccount ? accountId : undefined,
  });
  const actions = useUserFormActions({
    user,
    form,
    accountId,
    listHref,
    canSwitchAccount: context.canSwitchAccount,
  });
  const { current, saving } = actions;

  // A new user starts with a role the administrator may give (ADR 0056).
  const offeredRoles = choices.profiles.filter((p) => isUserRole(p.id));
  const firstOffered = offeredRoles[0]?.id;
  useEffect(() => {
    if (user || firstOffered === undefined || !isUserRole(firstOffered)) return;
    if (!offeredRoles.some((p) => p.id === role)) setValue('role', firstOffered);
  }, [user, firstOffered, offeredRoles, role, setValue]);

  const entries = Object.values(countries.data ?? {});
  const countryOptions = byName(entries.map((e) => [e.country.code, e.country.name] as const));
  const languageOptions = byName(entries.map((e) => [e.language.code, e.language.name] as const));
  // A select takes its value when it mounts: the form waits for its lists, or a select would
  // show its list's first entry once the options arrive (the user's own still in the form).
  if (!choices.settled || countries.isLoading) return <p role="status">…</p>;

  return (
    <div className="um-form-page">
      <p>
        <Link to={listHref}>{t('user-management.form.back')}</Link>
      </p>
      <h1 className="ui-page-title">
        {current
          ? t('user-management.form.edit', { name: fullName(current) })
          : t('user-management.form.new')}
      </h1>
      <FormBanner
        banner={actions.banner}
        reloadLabel={t('user-management.reload')}
        onReload={() => void actions.onReload()}
      />
      <p className="um-form__note">{t('user-management.form.required-note')}</p>
      <FormProvider {...form}>
        <form
          className="um-form"
          noValidate
          onSubmit={(e) => void handleSubmit(actions.onValid, actions.onInvalid)(e)}
        >
          <AccountSection user={current} context={context} />
          <PersonSection choices={choices} languages={languageOptions} />
          <AddressSection countries={countryOptions} />
          <ContactSection />
          <AccessSection user={current} choices={choices} />
          <GrantsSection user={current} choices={choices} />
          <div className="um-form__actions">
            <button type="submit" className="ui-button" aria-busy={saving}>
              {current ? t('user-management.save') : t('user-management.create')}
            </button>
            {current?.status === 'Pending' && (
              <>
                <FormAction
                  label={t('user-management.invitation.resend')}
                  onClick={() => void actions.onInvitation('resend')}
                />
                <FormAction
                  label={t('user-management.invitation.revoke')}
                  onClick={() => void actions.onInvitation('revoke')}
                />
              </>
            )}
            {current?.status === 'Active' && (
              <FormAction
                label={t('user-management.deactivate')}
                onClick={() => void actions.onDeactivate()}
              />
            )}
            {current && (
              <FormAction label={t('user-management.delete')} onClick={actions.onDelete} danger />
            )}
          </div>
        </form>
      </FormProvider>
      {current && (
        <UserAuditSection
          userId={current.id}
          options={auditOptions({
            country: countryOptions,
            language: languageOptions,
            productIds: choices.products.map((p) => [p.id, p.productName] as const),
            permissions: choices.permissions.map((p) => [p.id, p.name] as const),
            billingPlatformRole: choices.billingPlatformRoles.map((r) => [r.id, r.name] as const),
            learningRole: choices.learningRoles.map((r) => [r.id, r.name] as const),
          })}
        />
      )}
      {current && actions.confirmingDelete && (
        <ConfirmDialog
          title={t('user-management.delete.title', { name: fullName(current) })}
          onCancel={actions.cancelDelete}
          actions={[
            ...(current.status === 'Active'
              ? [
                  {
                    label: t('user-management.deactivate'),
                    tone: 'secondary' as const,
                    onSelect: () => {
                      actions.cancelDelete();
                      void actions.onDeactivate();
                    },
                  },
                ]
              : []),
            {
              label: t('user-management.delete.confirm'),
              tone: 'danger' as const,
              onSelect: () => void actions.confirmDelete(),
            },
          ]}
        >
          <p>{t('user-management.delete.body')}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
