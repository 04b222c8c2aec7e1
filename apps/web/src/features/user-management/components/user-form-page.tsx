import {
  C4U_ROLES,
  USER_ROLES,
  apiErrorSchema,
  fullName,
  makeAccountUserInputSchema,
  PHONE_PLACEHOLDER,
  type AccountUser,
  type AccountUserField,
  type AccountUserInput,
  type FieldErrors,
  type InvitationMailStatus,
  type UserManagementContext,
} from '@portico/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode, type SubmitEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useModal } from '../../../components/ui/modal/modal-store.js';
import { paths, withQuery } from '../../../config/paths.js';
import { getConfig } from '../../../config/runtime-config.js';
import { browserTimeZone } from '../../../lib/format/time-zone.js';
import { useFormat } from '../../../lib/format/use-format.js';
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
import { localizeFieldErrors, localizeMessage } from '../../../lib/labels/localize-message.js';

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
  active: true,
};

export function inputOf(user: AccountUser): AccountUserInput {
  const input = { ...emptyInput };
  for (const key of Object.keys(emptyInput) as AccountUserField[]) {
    if (key === 'active') continue;
    Object.assign(input, { [key]: user[key] });
  }
  input.active = user.status !== 'Inactive';
  return input;
}

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

type Banner = { kind: 'invalid' | 'conflict' | 'message'; text: string } | null;

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
  const choices = useFormChoices(user?.accountId ?? context.accountId);
  const countries = useCountriesAndLanguages();
  const [current, setCurrent] = useState<AccountUser | null>(user);
  const [input, setInput] = useState<AccountUserInput>(user ? inputOf(user) : emptyInput);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [banner, setBanner] = useState<Banner>(null);
  const [saving, setSaving] = useState(false);
  const accountId = user?.accountId ?? context.accountId;
  const listHref = withQuery(paths.userManagement(), {
    accountId: context.canSwitchAccount ? accountId : undefined,
  });

  const set = <K extends AccountUserField>(key: K, value: AccountUserInput[K]) =>
    setInput((prev) => ({ ...prev, [key]: value }));

  const showServerError = (error: unknown) => {
    if (!(error instanceof HttpError)) throw error;
    const body = apiErrorSchema.safeParse(error.body);
    const message = body.success
      ? localizeMessage(body.data.message, t)
      : t('user-management.form.error');
    if (error.status === 412) {
      setBanner({ kind: 'conflict', text: t('user-management.form.conflict') });
      return;
    }
    if (body.success && body.data.fieldErrors) {
      setErrors(localizeFieldErrors(body.data.fieldErrors, t));
      setBanner({ kind: 'invalid', text: t('user-management.form.invalid') });
      return;
    }
    setErrors({});
    setBanner({
      kind: 'message',
      text: error.status >= 500 ? t('user-management.form.error') : message,
    });
  };

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const parsed = makeAccountUserInputSchema(getConfig().phonePattern).safeParse(input);
    if (!parsed.success) {
      const fieldErrors: FieldErrors = {};
      for (const issue of parsed.error.issues)
        fieldErrors[String(issue.path[0])] ??= localizeMessage(issue.message, t);
      setErrors(fieldErrors);
      setBanner({ kind: 'invalid', text: t('user-management.form.invalid') });
      return;
    }
    setSaving(true);
    try {
      const saved = current
        ? await updateUser(current, parsed.data)
        : await createUser(accountId, parsed.data);
      if (!saved) return;
      setErrors({});
      setBanner(null);
      await queryClient.invalidateQueries({ queryKey: ['user-management'] });
      if (current) {
        setCurrent(saved);
        setInput(inputOf(saved));
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
    const next = await fetchAccountUser(current.id).catch(() => null);
    if (next) {
      queryClient.setQueryData(userQueryKey(next.id), next);
      setCurrent(next);
      setInput(inputOf(next));
    }
    setBanner(null);
    setErrors({});
  };

  const onDeactivate = async () => {
    if (!current) return;
    const next = { ...inputOf(current), active: false };
    setInput(next);
    setSaving(true);
    try {
      const saved = await updateUser(current, next);
      if (saved) {
        setCurrent(saved);
        setInput(inputOf(saved));
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
    await changeInvitation(current, action);
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
    control: (props: {
      id: string;
      'aria-invalid'?: true;
      'aria-describedby'?: string;
      required?: boolean;
    }) => ReactNode,
    hint?: string,
  ) => {
    const id = `um-${name}`;
    const error = errors[name];
    const describedBy = [error ? `${id}-error` : '', hint ? `${id}-hint` : '']
      .filter(Boolean)
      .join(' ');
    return (
      <div className="um-form__field">
        <label htmlFor={id}>
          {t(`user-management.field.${name}`)}
          {REQUIRED.has(name) && <span aria-hidden="true"> *</span>}
        </label>
        {control({
          id,
          ...(error ? { 'aria-invalid': true as const } : {}),
          ...(describedBy ? { 'aria-describedby': describedBy } : {}),
          ...(REQUIRED.has(name) ? { required: true } : {}),
        })}
        {hint && (
          <p id={`${id}-hint`} className="um-form__hint">
            {hint}
          </p>
        )}
        {error && (
          <p id={`${id}-error`} className="um-form__error">
            {error}
          </p>
        )}
      </div>
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
          name={name}
          type={type}
          value={input[name]}
          placeholder={extra.placeholder}
          autoComplete={extra.autoComplete ?? 'off'}
          onChange={(e) => set(name, e.target.value)}
        />
      ),
      extra.hint,
    );

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
      {banner && (
        <div className={`um-banner um-banner--${banner.kind}`} role="alert">
          <p>{banner.text}</p>
          {banner.kind === 'conflict' && (
            <button
              type="button"
              className="ui-button ui-button--secondary"
              onClick={() => void onReload()}
            >
              {t('user-management.reload')}
            </button>
          )}
        </div>
      )}
      <p className="um-form__note">{t('user-management.form.required-note')}</p>
      <form className="um-form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <fieldset>
          <legend>{t('user-management.form.section.account')}</legend>
          <div className="um-form__field">
            <label htmlFor="um-accountName">{t('user-management.field.accountName')}</label>
            <input
              id="um-accountName"
              readOnly
              value={current?.accountName ?? context.accountName}
            />
          </div>
          <div className="um-form__field">
            <label htmlFor="um-parentAccountName">
              {t('user-management.field.parentAccountName')}
            </label>
            <input
              id="um-parentAccountName"
              readOnly
              value={current?.parentAccountName ?? context.parentAccountName ?? ''}
            />
          </div>
        </fieldset>
        <fieldset>
          <legend>{t('user-management.form.section.person')}</legend>
          {text('firstName', 'text', { autoComplete: 'off' })}
          {text('lastName')}
          {text('email', 'email')}
          {text('username')}
          {field('language', (props) => (
            <select
              {...props}
              name="language"
              value={input.language}
              onChange={(e) => set('language', e.target.value)}
            >
              {languageOptions.length === 0 && (
                <option value={input.language}>{input.language}</option>
              )}
              {languageOptions.map(([code, name]) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
            </select>
          ))}
          {field('timeZone', (props) => (
            <select
              {...props}
              name="timeZone"
              value={input.timeZone}
              onChange={(e) => set('timeZone', e.target.value)}
            >
              {!choices.timeZones.some((z) => z.key === input.timeZone) && (
                <option value={input.timeZone}>{input.timeZone}</option>
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
            <select
              {...props}
              name="country"
              value={input.country}
              onChange={(e) => set('country', e.target.value)}
            >
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
            <select
              {...props}
              name="role"
              value={input.role}
              onChange={(e) =>
                set('role', USER_ROLES.find((r) => r === e.target.value) ?? 'standard')
              }
            >
              {USER_ROLES.map((r) => (
                <option key={r} value={r}>
                  {t(`user-management.role.${r}`)}
                </option>
              ))}
            </select>
          ))}
          {field('c4uRole', (props) => (
            <select
              {...props}
              name="c4uRole"
              value={input.c4uRole}
              onChange={(e) =>
                set('c4uRole', C4U_ROLES.find((r) => r === e.target.value) ?? 'none')
              }
            >
              {C4U_ROLES.map((r) => (
                <option key={r} value={r}>
                  {t(`user-management.c4u.${r}`)}
                </option>
              ))}
            </select>
          ))}
          {field('billingPlatformRole', (props) => (
            <select
              {...props}
              name="billingPlatformRole"
              value={input.billingPlatformRole}
              onChange={(e) => set('billingPlatformRole', e.target.value)}
            >
              <option value="">{t('user-management.field.none')}</option>
              {choices.billingPlatformRoles.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.name}
                </option>
              ))}
            </select>
          ))}
          {field('learningRole', (props) => (
            <select
              {...props}
              name="learningRole"
              value={input.learningRole}
              onChange={(e) => set('learningRole', e.target.value)}
            >
              <option value="">{t('user-management.field.none')}</option>
              {input.learningRole !== '' &&
                !choices.learningRoles.some((r) => r.id === input.learningRole) && (
                  <option value={input.learningRole}>{input.learningRole}</option>
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
              checked={current?.status === 'Pending' ? false : input.active}
              disabled={current === null || current.status === 'Pending'}
              aria-invalid={errors.active ? true : undefined}
              aria-describedby={errors.active ? 'um-active-error' : undefined}
              onChange={(e) => set('active', e.target.checked)}
            />
            <label htmlFor="um-active">{t('user-management.field.active')}</label>
            {errors.active && (
              <p id="um-active-error" className="um-form__error">
                {errors.active}
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
          <div className="um-form__field">
            <label htmlFor="um-lastLoginAt">{t('user-management.field.lastLoginAt')}</label>
            <input
              id="um-lastLoginAt"
              readOnly
              value={
                current?.lastLoginAt
                  ? format.dateTime(current.lastLoginAt)
                  : t('user-management.never')
              }
            />
          </div>
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
