import {
  C4U_ROLES,
  PHONE_PLACEHOLDER,
  type AccountUser,
  type AccountUserInput,
  type UserManagementContext,
} from '@portico/contracts';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { Field as UiField } from '../../../components/ui/field/field.js';
import { useFormat } from '../../../lib/format/use-format.js';
import { localizeMessage } from '../../../lib/labels/localize-message.js';
import { labelIfAny, useT } from '../../../lib/labels/use-t.js';
import type { useFormChoices } from '../api/user-management-api.js';
import {
  UserChecks,
  UserSelectField,
  UserTextField,
  UserTimeZoneField,
} from './user-form-fields.js';
import { INVITATION_MAIL_LABELS, isUserRole } from './user-form-model.js';
import { UserStatusBadge } from './user-status-badge.js';

type Choices = ReturnType<typeof useFormChoices>;
type Option = readonly [id: string, name: string];

/** The start of an address, not words: the same in every language. */
const WEBSITE_PLACEHOLDER = 'https://';

/** §3 account: the account and its parent, as they are (not the administrator's to change). */
export function AccountSection({
  user,
  context,
}: {
  user: AccountUser | null;
  context: UserManagementContext;
}) {
  const t = useT();
  return (
    <fieldset>
      <legend>{t('user-management.form.section.account')}</legend>
      <UiField id="um-accountName" label={t('user-management.field.accountName')}>
        {(props) => <input {...props} readOnly value={user?.accountName ?? context.accountName} />}
      </UiField>
      <UiField id="um-parentAccountName" label={t('user-management.field.parentAccountName')}>
        {(props) => (
          <input
            {...props}
            readOnly
            value={user?.parentAccountName ?? context.parentAccountName ?? ''}
          />
        )}
      </UiField>
    </fieldset>
  );
}

/** §3 person: names, e-mail, username, language and time zone. */
export function PersonSection({
  choices,
  languages,
}: {
  choices: Choices;
  languages: readonly Option[];
}) {
  const t = useT();
  const language = useWatch<AccountUserInput, 'language'>({ name: 'language' });
  return (
    <fieldset>
      <legend>{t('user-management.form.section.person')}</legend>
      <UserTextField name="firstName" />
      <UserTextField name="lastName" />
      <UserTextField name="email" type="email" />
      <UserTextField name="username" />
      <UserSelectField
        name="language"
        options={languages}
        keep={languages.length === 0 ? [language, language] : null}
      />
      <UserTimeZoneField options={choices.timeZones} />
    </fieldset>
  );
}

/** §3 address, with the country from the countries list. */
export function AddressSection({ countries }: { countries: readonly Option[] }) {
  const t = useT();
  return (
    <fieldset>
      <legend>{t('user-management.form.section.address')}</legend>
      <UserTextField name="address" />
      <UserTextField name="billingAddress" />
      <UserTextField name="shippingAddress" />
      <UserTextField name="city" />
      <UserTextField name="postalCode" />
      <UserSelectField name="country" options={countries} none={t('user-management.field.none')} />
    </fieldset>
  );
}

/** §3 contact: phone numbers in the configured pattern, extension, hotline code, website. */
export function ContactSection() {
  const t = useT();
  const hint = t('user-management.phone.hint', { example: PHONE_PLACEHOLDER });
  return (
    <fieldset>
      <legend>{t('user-management.form.section.contact')}</legend>
      {(['phone', 'mobile', 'fax'] as const).map((name) => (
        <UserTextField
          key={name}
          name={name}
          type="tel"
          placeholder={PHONE_PLACEHOLDER}
          hint={hint}
        />
      ))}
      <UserTextField name="phoneExtension" />
      <UserTextField name="hotlineCode" />
      <UserTextField name="website" type="url" placeholder={WEBSITE_PLACEHOLDER} />
    </fieldset>
  );
}

/** §3, §4 access: the roles, active or not, the status, the invitation and the last sign-in. */
export function AccessSection({ user, choices }: { user: AccountUser | null; choices: Choices }) {
  const t = useT();
  const format = useFormat();
  const { setValue } = useFormContext<AccountUserInput>();
  const { errors } = useFormState<AccountUserInput>({ name: 'active' });
  const [role, learningRole, active] = useWatch<
    AccountUserInput,
    ['role', 'learningRole', 'active']
  >({ name: ['role', 'learningRole', 'active'] });
  const offered = choices.profiles.filter((p) => isUserRole(p.id));
  const none = t('user-management.field.none');
  return (
    <fieldset>
      <legend>{t('user-management.form.section.access')}</legend>
      <UserSelectField
        name="role"
        options={offered.map((p) => [p.id, p.name] as const)}
        // A role the administrator may not give stays while it is the user's.
        keep={offered.some((p) => p.id === role) ? null : [role, t(`user-management.role.${role}`)]}
      />
      <UserSelectField
        name="c4uRole"
        options={C4U_ROLES.map((r) => [r, t(`user-management.c4u.${r}`)] as const)}
      />
      <UserSelectField
        name="billingPlatformRole"
        none={none}
        options={choices.billingPlatformRoles.map((r) => [r.id, r.name] as const)}
      />
      <UserSelectField
        name="learningRole"
        none={none}
        keep={
          learningRole !== '' && !choices.learningRoles.some((r) => r.id === learningRole)
            ? [learningRole, learningRole]
            : null
        }
        options={choices.learningRoles.map((r) => [r.id, r.name] as const)}
      />
      <div className="um-form__field um-form__field--check">
        <input
          id="um-active"
          name="active"
          type="checkbox"
          checked={user?.status === 'Pending' ? false : active}
          disabled={user === null || user.status === 'Pending'}
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
        <UserStatusBadge status={user?.status ?? 'Pending'} />
      </div>
      {user?.invitationMail && (
        <div className="um-form__field">
          <span className="um-form__label" id="um-invitationMail">
            {t('user-management.field.invitationMail')}
          </span>
          {/* A refusal is shown, not retried for ever (ADR 0053). */}
          <span aria-labelledby="um-invitationMail" role="status">
            {t(INVITATION_MAIL_LABELS[user.invitationMail])}
          </span>
        </div>
      )}
      <UiField id="um-lastLoginAt" label={t('user-management.field.lastLoginAt')}>
        {(props) => (
          <input
            {...props}
            readOnly
            value={
              user?.lastLoginAt ? format.dateTime(user.lastLoginAt) : t('user-management.never')
            }
          />
        )}
      </UiField>
    </fieldset>
  );
}

/** §3 grants: the permissions beside the role's, and the connected products. */
export function GrantsSection({ user, choices }: { user: AccountUser | null; choices: Choices }) {
  const t = useT();
  const permissions = useWatch<AccountUserInput, 'permissions'>({ name: 'permissions' });
  const administrators = choices.administrators
    .filter((a) => a.id !== user?.id)
    .map((a) => a.fullName)
    .join('; ');
  return (
    <fieldset>
      <legend>{t('user-management.form.section.grants')}</legend>
      <UserChecks
        name="permissions"
        options={[
          ...choices.permissions,
          // Held, but not the administrator's to give or take: shown, kept.
          ...(permissions ?? [])
            .filter((p) => !choices.permissions.some((o) => o.id === p))
            .map((p) => ({
              id: p,
              name: labelIfAny(t, `user-management.permission.${p}`) ?? p,
              kept: true,
            })),
        ]}
        hint={[
          t('user-management.permissions.hint'),
          administrators &&
            t('user-management.permissions.administrators', { names: administrators }),
        ]
          .filter(Boolean)
          .join(' ')}
        empty={t('user-management.permissions.none')}
      />
      <UserChecks
        name="productIds"
        options={choices.products.map((p) => ({ id: p.id, name: p.productName }))}
        hint={t('user-management.products.hint')}
        empty={t('user-management.products.none')}
      />
    </fieldset>
  );
}
