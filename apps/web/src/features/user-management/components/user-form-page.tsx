import {
  C4U_ROLES,
  GRANTED_PERMISSIONS,
  USER_ROLES,
  apiErrorSchema,
  fullName,
  makeAccountUserInputSchema,
  PHONE_PLACEHOLDER,
  type AccountUser,
  type AccountUserField,
  type AccountUserInput,
  type InvitationMailStatus,
  type UserManagementContext,
  type UserRole,
} from '@portico/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import {
  FormBanner,
  type FormBannerState,
} from '../../../components/ui/form-banner/form-banner.js';
import { ErrorState } from '../../../components/ui/error-state/error-state.js';
import { Field as UiField, type FieldControlProps } from '../../../components/ui/field/field.js';
import { useModal } from '../../../components/ui/modal/modal-store.js';
import { paths, withQuery } from '../../../config/paths.js';
import { getConfig } from '../../../config/runtime-config.js';
import { browserTimeZone } from '../../../lib/format/time-zone.js';
import { useFormat } from '../../../lib/format/use-format.js';
import { catalogueEntryOf, notifyError } from '../../../lib/http/error-catalogue.js';
import { HttpError } from '../../../lib/http/http-error.js';
import { useT } from '../../../lib/labels/use-t.js';
import { notify } from '../../../lib/notifications/notification-store.js';
import { useCountriesAndLanguages } from '../../../lib/profile/countries-and-languages-query.js';
import {
  changeInvitation,
  createUser,
  deleteUser,
  fetchAccountUser,
  updateUser,
  useAccountUser,
  useFormChoices,
  useUserAudit,
  userQueryKey,
} from '../api/user-management-api.js';
import { UserStatusBadge } from './user-status-badge.js';
import { localizeMessage } from '../../../lib/labels/localize-message.js';

const emptyInput: AccountUserInput = {
  firstName: '',
  lastName: '',
  email: '',
  username: '',
  language: 'en',
  timeZone: browserTimeZone(),
  address: '',
  billingAddress: '',
  shippingAddress: '',
  city: '',
  postalCode: '',
  country: '',
  phone: '',
  mobile: '',
  fax: '',
  phoneExtension: '',
  hotlineCode: '',
  website: '',
  role: 'standard',
  c4uRole: 'none',
  billingPlatformRole: '',
  learningRole: '',
  permissions: [],
  productIds: [],
  active: true,
};

export function inputOf(user: AccountUser): AccountUserInput {
  const input = { ...emptyInput };
  for (const key of Object.keys(emptyInput) as AccountUserField[]) {
    if (key === 'active') continue;
    Object.assign(input, { [key]: user[key] });
  }
  input.active = user.status !== 'Inactive';
  // The role decides its own permissions; the form gives only those beside it.
  input.permissions = user.permissions.filter((p) => GRANTED_PERMISSIONS.some((g) => g === p));
  return input;
}

const isUserRole = (id: string): id is UserRole => USER_ROLES.some((r) => r === id);

/** The list with `id` in or out. */
const toggled = (list: readonly string[] | undefined, id: string, on: boolean): string[] =>
  on ? [...new Set([...(list ?? []), id])] : (list ?? []).filter((x) => x !== id);

const REQUIRED: ReadonlySet<AccountUserField> = new Set([
  'firstName',
  'lastName',
  'email',
  'language',
  'timeZone',
  'role',
  'c4uRole',
]);

const INVITATION_MAIL_LABELS = {
  queued: 'user-management.invitation-mail.queued',
  sent: 'user-management.invitation-mail.sent',
  failed: 'user-management.invitation-mail.failed',
} as const satisfies Record<InvitationMailStatus, string>;

type UserFormValues = AccountUserInput;
const FORM_FIELDS: ReadonlySet<string> = new Set(Object.keys(emptyInput));
const isFormField = (name: string): name is AccountUserField => FORM_FIELDS.has(name);

type Banner = FormBannerState | null;

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
    return (
      <ErrorState
        error={loaded.error}
        retrying={loaded.isFetching}
        onRetry={() => void loaded.refetch()}
      />
    );
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

function UserForm({ context, user }: { context: UserManagementContext; user: AccountUser | null }) {
  const t = useT();
  const format = useFormat();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const modal = useModal();
  const choices = useFormChoices(user?.accountId ?? context.accountId, user?.id);
  const countries = useCountriesAndLanguages();
  const [current, setCurrent] = useState<AccountUser | null>(user);
  // The contract's schema checks the form (§5); its messages are localised where shown.
  const schema = useMemo(() => makeAccountUserInputSchema(getConfig().phonePattern), []);
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    reset,
    setValue,
    control,
    formState: { errors },
  } = useForm<UserFormValues, unknown, AccountUserInput>({
    resolver: zodResolver(schema),
    defaultValues: user ? inputOf(user) : emptyInput,
  });
  const [language, timeZone, role, learningRole, permissions, productIds, active] = useWatch({
    control,
    name: ['language', 'timeZone', 'role', 'learningRole', 'permissions', 'productIds', 'active'],
  });
  const offeredRoles = choices.profiles.filter((p) => isUserRole(p.id));
  // A new user starts with a role the administrator may give (ADR 0056).
  const firstOffered = offeredRoles[0]?.id;
  useEffect(() => {
    if (user || firstOffered === undefined || !isUserRole(firstOffered)) return;
    if (!offeredRoles.some((p) => p.id === role)) setValue('role', firstOffered);
  }, [user, firstOffered, offeredRoles, role, setValue]);
  const [banner, setBanner] = useState<Banner>(null);
  const [saving, setSaving] = useState(false);
  const accountId = user?.accountId ?? context.accountId;
  const listHref = withQuery(paths.userManagement(), {
    accountId: context.canSwitchAccount ? accountId : undefined,
  });

  const showServerError = (error: unknown) => {
    const status = error instanceof HttpError ? error.status : 0;
    const body = apiErrorSchema.safeParse(error instanceof HttpError ? error.body : null);
    if (status === 412) {
      setBanner({ kind: 'conflict', text: t('user-management.form.conflict') });
      return;
    }
    if (body.success && body.data.fieldErrors) {
      for (const [name, message] of Object.entries(body.data.fieldErrors)) {
        if (isFormField(name)) setError(name, { type: 'server', message });
      }
      setBanner({ kind: 'invalid', text: t('user-management.form.invalid') });
      return;
    }
    clearErrors();
    // A 409 carries a §5 form text (licences exceeded); everything else is the §8 catalogue.
    const text =
      status === 409 && body.success
        ? localizeMessage(body.data.message, t)
        : catalogueEntryOf(error, t).content;
    setBanner({ kind: 'message', text });
  };

  const onInvalid = () => setBanner({ kind: 'invalid', text: t('user-management.form.invalid') });
  const onValid = async (input: AccountUserInput) => {
    if (saving) return;
    setSaving(true);
    try {
      const saved = current ? await updateUser(current, input) : await createUser(accountId, input);
      if (!saved) return;
      clearErrors();
      setBanner(null);
      await queryClient.invalidateQueries({ queryKey: ['user-management'] });
      if (current) {
        setCurrent(saved);
        reset(inputOf(saved));
        queryClient.setQueryData(userQueryKey(saved.id), saved);
        notify({ type: 'information', title: t('user-management.saved'), content: '' });
      } else {
        notify({ type: 'information', title: t('user-management.created'), content: '' });
        void navigate(
          withQuery(`${paths.userManagement()}/${encodeURIComponent(saved.id)}`, {
            accountId: context.canSwitchAccount ? accountId : undefined,
          }),
        );
      }
    } catch (error) {
      showServerError(error);
    } finally {
      setSaving(false);
    }
  };

  const onReload = async () => {
    if (!current) return;
    const next = await fetchAccountUser(current.id).catch((error: unknown) => {
      notifyError(error, t);
      return null;
    });
    if (!next) return;
    queryClient.setQueryData(userQueryKey(next.id), next);
    setCurrent(next);
    reset(inputOf(next));
    setBanner(null);
  };

  const onDeactivate = async () => {
    if (!current) return;
    const next = { ...inputOf(current), active: false };
    reset(next);
    setSaving(true);
    try {
      const saved = await updateUser(current, next);
      if (saved) {
        setCurrent(saved);
        reset(inputOf(saved));
        await queryClient.invalidateQueries({ queryKey: ['user-management'] });
        notify({ type: 'information', title: t('user-management.saved'), content: '' });
      }
    } catch (error) {
      showServerError(error);
    } finally {
      setSaving(false);
    }
  };

  const onDelete = () => {
    if (!current) return;
    const name = fullName(current);
    modal.open({
      title: t('user-management.delete.title', { name }),
      body: `<p>${t('user-management.delete.body').replace(/[<>&]/g, '')}</p>`,
      consent: {
        labelKey: 'user-management.delete.confirm',
        onConsent: () => {
          void (async () => {
            try {
              await deleteUser(current);
              await queryClient.invalidateQueries({ queryKey: ['user-management'] });
              notify({ type: 'information', title: t('user-management.deleted'), content: '' });
              void navigate(listHref);
            } catch (error) {
              showServerError(error);
            }
          })();
        },
      },
    });
  };

  const onInvitation = async (action: 'resend' | 'revoke') => {
    if (!current) return;
    if (!(await changeInvitation(current, action))) return;
    notify({
      type: 'information',
      title: t(
        action === 'resend'
          ? 'user-management.invitation.resent'
          : 'user-management.invitation.revoked',
      ),
      content: '',
    });
  };

  const field = (
    name: AccountUserField,
    control: (props: FieldControlProps) => ReactNode,
    hint?: string,
  ) => {
    const message = errors[name]?.message;
    return (
      <UiField
        id={`um-${name}`}
        label={t(`user-management.field.${name}`)}
        required={REQUIRED.has(name)}
        hint={hint}
        error={message && localizeMessage(message, t)}
      >
        {control}
      </UiField>
    );
  };

  const text = (
    name: Exclude<AccountUserField, 'role' | 'c4uRole' | 'active'>,
    type = 'text',
    extra: { placeholder?: string; autoComplete?: string; hint?: string } = {},
  ) =>
    field(
      name,
      (props) => (
        <input
          {...props}
          {...register(name)}
          type={type}
          placeholder={extra.placeholder}
          autoComplete={extra.autoComplete ?? 'off'}
        />
      ),
      extra.hint,
    );

  /** A group of checkboxes for a list field (permissions, products), with hint and error. */
  const checks = ({
    name,
    options,
    selected,
    hint,
    empty,
  }: {
    name: 'permissions' | 'productIds';
    options: readonly { id: string; name: string; kept?: boolean }[];
    selected: readonly string[] | undefined;
    hint: string;
    empty: string;
  }) => {
    const message = errors[name]?.message;
    const describedBy = [message ? `um-${name}-error` : '', `um-${name}-hint`]
      .filter(Boolean)
      .join(' ');
    return (
      <fieldset className="um-form__checks" aria-describedby={describedBy}>
        <legend>{t(`user-management.field.${name}`)}</legend>
        {options.length === 0 && <p>{empty}</p>}
        {options.map((option) => (
          <label key={option.id} className="um-form__check">
            <input
              type="checkbox"
              name={name}
              value={option.id}
              checked={(selected ?? []).includes(option.id)}
              disabled={option.kept === true}
              onChange={(e) =>
                setValue(name, toggled(selected, option.id, e.target.checked), {
                  shouldDirty: true,
                })
              }
            />
            {option.name}
          </label>
        ))}
        <p id={`um-${name}-hint`} className="ui-field__hint">
          {hint}
        </p>
        {message && (
          <p id={`um-${name}-error`} className="ui-field__error">
            {localizeMessage(message, t)}
          </p>
        )}
      </fieldset>
    );
  };
  const administratorNames = choices.administrators
    .filter((a) => a.id !== current?.id)
    .map((a) => a.fullName)
    .join('; ');

  const phoneHint = t('user-management.phone.hint', { example: PHONE_PLACEHOLDER });
  const phone = (name: 'phone' | 'mobile' | 'fax') =>
    text(name, 'tel', { placeholder: PHONE_PLACEHOLDER, hint: phoneHint, autoComplete: 'off' });
  const countryEntries = Object.values(countries.data ?? {});
  const countryOptions = [
    ...new Map(countryEntries.map((e) => [e.country.code, e.country.name])).entries(),
  ].sort((a, b) => a[1].localeCompare(b[1]));
  const languageOptions = [
    ...new Map(countryEntries.map((e) => [e.language.code, e.language.name])).entries(),
  ].sort((a, b) => a[1].localeCompare(b[1]));
  const audit = useUserAudit(current?.id ?? null);
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
        banner={banner}
        reloadLabel={t('user-management.reload')}
        onReload={() => void onReload()}
      />
      <p className="um-form__note">{t('user-management.form.required-note')}</p>
      <form
        className="um-form"
        noValidate
        onSubmit={(e) => void handleSubmit(onValid, onInvalid)(e)}
      >
        <fieldset>
          <legend>{t('user-management.form.section.account')}</legend>
          <UiField id="um-accountName" label={t('user-management.field.accountName')}>
            {(props) => (
              <input {...props} readOnly value={current?.accountName ?? context.accountName} />
            )}
          </UiField>
          <UiField id="um-parentAccountName" label={t('user-management.field.parentAccountName')}>
            {(props) => (
              <input
                {...props}
                readOnly
                value={current?.parentAccountName ?? context.parentAccountName ?? ''}
              />
            )}
          </UiField>
        </fieldset>
        <fieldset>
          <legend>{t('user-management.form.section.person')}</legend>
          {text('firstName', 'text', { autoComplete: 'off' })}
          {text('lastName')}
          {text('email', 'email')}
          {text('username')}
          {field('language', (props) => (
            <select {...props} {...register('language')}>
              {languageOptions.length === 0 && <option value={language}>{language}</option>}
              {languageOptions.map(([code, name]) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
            </select>
          ))}
          {field('timeZone', (props) => (
            <select {...props} {...register('timeZone')}>
              {!choices.timeZones.some((z) => z.key === timeZone) && (
                <option value={timeZone}>{timeZone}</option>
              )}
              {choices.timeZones.map((z) => (
                <option key={z.key} value={z.key}>
                  {z.value}
                </option>
              ))}
            </select>
          ))}
        </fieldset>
        <fieldset>
          <legend>{t('user-management.form.section.address')}</legend>
          {text('address')}
          {text('billingAddress')}
          {text('shippingAddress')}
          {text('city')}
          {text('postalCode')}
          {field('country', (props) => (
            <select {...props} {...register('country')}>
              <option value="">{t('user-management.field.none')}</option>
              {countryOptions.map(([code, name]) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
            </select>
          ))}
        </fieldset>
        <fieldset>
          <legend>{t('user-management.form.section.contact')}</legend>
          {phone('phone')}
          {phone('mobile')}
          {phone('fax')}
          {text('phoneExtension')}
          {text('hotlineCode')}
          {text('website', 'url', { placeholder: 'https://' })}
        </fieldset>
        <fieldset>
          <legend>{t('user-management.form.section.access')}</legend>
          {field('role', (props) => (
            <select {...props} {...register('role')}>
              {/* A role the administrator may not give stays while it is the user's. */}
              {!offeredRoles.some((p) => p.id === role) && (
                <option value={role}>{t(`user-management.role.${role}`)}</option>
              )}
              {offeredRoles.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          ))}
          {field('c4uRole', (props) => (
            <select {...props} {...register('c4uRole')}>
              {C4U_ROLES.map((r) => (
                <option key={r} value={r}>
                  {t(`user-management.c4u.${r}`)}
                </option>
              ))}
            </select>
          ))}
          {field('billingPlatformRole', (props) => (
            <select {...props} {...register('billingPlatformRole')}>
              <option value="">{t('user-management.field.none')}</option>
              {choices.billingPlatformRoles.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.name}
                </option>
              ))}
            </select>
          ))}
          {field('learningRole', (props) => (
            <select {...props} {...register('learningRole')}>
              <option value="">{t('user-management.field.none')}</option>
              {learningRole !== '' && !choices.learningRoles.some((r) => r.id === learningRole) && (
                <option value={learningRole}>{learningRole}</option>
              )}
              {choices.learningRoles.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.name}
                </option>
              ))}
            </select>
          ))}
          <div className="um-form__field um-form__field--check">
            <input
              id="um-active"
              name="active"
              type="checkbox"
              checked={current?.status === 'Pending' ? false : active}
              disabled={current === null || current.status === 'Pending'}
              aria-invalid={errors.active ? true : undefined}
              aria-describedby={errors.active ? 'um-active-error' : undefined}
              // Not registered: a disabled registered input would drop the value (new users).
              onChange={(e) => setValue('active', e.target.checked, { shouldDirty: true })}
            />
            <label htmlFor="um-active">{t('user-management.field.active')}</label>
            {errors.active && (
              <p id="um-active-error" className="um-form__error">
                {errors.active.message && localizeMessage(errors.active.message, t)}
              </p>
            )}
          </div>
          <div className="um-form__field">
            <span className="um-form__label">{t('user-management.field.status')}</span>
            <UserStatusBadge status={current?.status ?? 'Pending'} />
          </div>
          {current?.invitationMail && (
            <div className="um-form__field">
              <span className="um-form__label" id="um-invitationMail">
                {t('user-management.field.invitationMail')}
              </span>
              {/* A refusal is shown, not retried for ever (ADR 0053). */}
              <span aria-labelledby="um-invitationMail" role="status">
                {t(INVITATION_MAIL_LABELS[current.invitationMail])}
              </span>
            </div>
          )}
          <UiField id="um-lastLoginAt" label={t('user-management.field.lastLoginAt')}>
            {(props) => (
              <input
                {...props}
                readOnly
                value={
                  current?.lastLoginAt
                    ? format.dateTime(current.lastLoginAt)
                    : t('user-management.never')
                }
              />
            )}
          </UiField>
        </fieldset>
        <fieldset>
          <legend>{t('user-management.form.section.grants')}</legend>
          {checks({
            name: 'permissions',
            options: [
              ...choices.permissions,
              // Held, but not the administrator's to give or take: shown, kept.
              ...(permissions ?? [])
                .filter((p) => !choices.permissions.some((o) => o.id === p))
                .map((p) => ({ id: p, name: t(`user-management.permission.${p}`), kept: true })),
            ],
            selected: permissions,
            hint: [
              t('user-management.permissions.hint'),
              administratorNames &&
                t('user-management.permissions.administrators', { names: administratorNames }),
            ]
              .filter(Boolean)
              .join(' '),
            empty: t('user-management.permissions.none'),
          })}
          {checks({
            name: 'productIds',
            options: choices.products.map((p) => ({ id: p.id, name: p.productName })),
            selected: productIds,
            hint: t('user-management.products.hint'),
            empty: t('user-management.products.none'),
          })}
        </fieldset>
        <div className="um-form__actions">
          <button type="submit" className="ui-button" aria-busy={saving}>
            {current ? t('user-management.save') : t('user-management.create')}
          </button>
          {current?.status === 'Pending' && (
            <>
              <button
                type="button"
                className="ui-button ui-button--secondary"
                onClick={() => void onInvitation('resend')}
              >
                {t('user-management.invitation.resend')}
              </button>
              <button
                type="button"
                className="ui-button ui-button--secondary"
                onClick={() => void onInvitation('revoke')}
              >
                {t('user-management.invitation.revoke')}
              </button>
            </>
          )}
          {current && current.status === 'Active' && (
            <button
              type="button"
              className="ui-button ui-button--secondary"
              onClick={() => void onDeactivate()}
            >
              {t('user-management.deactivate')}
            </button>
          )}
          {current && (
            <button
              type="button"
              className="ui-button ui-button--secondary um-danger"
              onClick={onDelete}
            >
              {t('user-management.delete')}
            </button>
          )}
        </div>
      </form>
      {current && (
        <section className="um-audit" aria-labelledby="um-audit-title">
          <h2 id="um-audit-title">{t('user-management.audit.title')}</h2>
          {(audit.data ?? []).length === 0 && <p>{t('user-management.audit.empty')}</p>}
          <ol>
            {(audit.data ?? []).map((entry) => (
              <li key={entry.id}>
                <p>
                  {t('user-management.audit.entry', {
                    at: format.dateTime(entry.at),
                    who: entry.actorName,
                    action: entry.action,
                  })}
                </p>
                {Object.keys(entry.changes).length > 0 && (
                  <ul>
                    {Object.entries(entry.changes).map(([name, change]) => (
                      <li key={name}>
                        {name}: {JSON.stringify(change.before)} → {JSON.stringify(change.after)}
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ol>
        </section>
      )}
    </div>
  );
}
