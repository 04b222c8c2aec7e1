import {
  apiErrorSchema,
  makeOwnProfileInputSchema,
  PHONE_PLACEHOLDER,
  type FieldErrors,
  type OwnSettings,
} from '@portico/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ReactNode, type SubmitEvent } from 'react';
import { useNavigate } from 'react-router';
import { useModal } from '../../../components/ui/modal/modal-store.js';
import { paths } from '../../../config/paths.js';
import { getConfig } from '../../../config/runtime-config.js';
import { languageAutonym } from '@portico/locales/display-names';
import { useTimeZoneOptions } from '../../../lib/format/time-zone-options.js';
import { HttpError } from '../../../lib/http/http-error.js';
import { SUPPORTED_LOCALES, resolveLocale } from '../../../lib/labels/labels-query.js';
import { useT } from '../../../lib/labels/use-t.js';
import { notify } from '../../../lib/notifications/notification-store.js';
import { profileQueryKey } from '../../../lib/profile/profile-query.js';
import { useFormat } from '../../../lib/format/use-format.js';
import {
  ownSettingsQueryKey,
  saveOwnSettings,
  signOutEverywhere,
  useOwnSettings,
} from '../api/my-settings-api.js';
import { refreshLabelsAndProfile } from '../refresh.js';
import { localizeFieldErrors, localizeMessage } from '../../../lib/labels/localize-message.js';

type Editable = Pick<
  OwnSettings,
  'firstName' | 'lastName' | 'phone' | 'mobile' | 'language' | 'timeZone'
>;
type Field = keyof Editable;
const REQUIRED: ReadonlySet<Field> = new Set(['firstName', 'lastName', 'language', 'timeZone']);

const editableOf = (s: OwnSettings): Editable => ({
  firstName: s.firstName,
  lastName: s.lastName,
  phone: s.phone,
  mobile: s.mobile,
  language: resolveLocale(s.language),
  timeZone: s.timeZone,
});

/** Each supported language in its own name, capitalised (§9, issue 27): Deutsch, Español. */
const languageName = languageAutonym;

/** The time-zone list (§7), shared with user management, named in the user's language. */
const useTimeZones = useTimeZoneOptions;

/** My settings (issue 12): own name, phones, language and time zone; sign out everywhere. */
export function ProfileSettingsPage() {
  const t = useT();
  const settings = useOwnSettings();
  if (settings.isError) {
    return <p role="alert">{t('my-settings.error')}</p>;
  }
  if (!settings.data) return <p role="status">{t('my-settings.loading')}</p>;
  return <ProfileForm key={settings.data.version} settings={settings.data} />;
}

function ProfileForm({ settings }: { settings: OwnSettings }) {
  const t = useT();
  const format = useFormat();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const modal = useModal();
  const zones = useTimeZones();
  const headingId = useId();
  const [input, setInput] = useState<Editable>(editableOf(settings));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [banner, setBanner] = useState<{
    kind: 'invalid' | 'conflict' | 'message';
    text: string;
  } | null>(null);
  const [saving, setSaving] = useState(false);

  const set = (key: Field, value: string) => setInput((prev) => ({ ...prev, [key]: value }));

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const parsed = makeOwnProfileInputSchema(getConfig().phonePattern).safeParse(input);
    if (!parsed.success) {
      const fieldErrors: FieldErrors = {};
      for (const issue of parsed.error.issues)
        fieldErrors[String(issue.path[0])] ??= localizeMessage(issue.message, t);
      setErrors(fieldErrors);
      setBanner({ kind: 'invalid', text: t('my-settings.invalid') });
      return;
    }
    setSaving(true);
    try {
      const profile = await saveOwnSettings(settings, parsed.data);
      setErrors({});
      setBanner(null);
      if (profile) queryClient.setQueryData(profileQueryKey, profile);
      // §4 refresh action: labels and profile reload; the whole UI follows the new language.
      await refreshLabelsAndProfile(queryClient, profile?.language ?? input.language);
      await queryClient.invalidateQueries({ queryKey: ownSettingsQueryKey });
      notify({ type: 'information', title: t('my-settings.saved'), content: '' });
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      const body = apiErrorSchema.safeParse(error.body);
      if (error.status === 412 || error.status === 428) {
        setBanner({ kind: 'conflict', text: t('my-settings.conflict') });
      } else if (body.success && body.data.fieldErrors) {
        setErrors(localizeFieldErrors(body.data.fieldErrors, t));
        setBanner({ kind: 'invalid', text: t('my-settings.invalid') });
      } else {
        setBanner({
          kind: 'message',
          text:
            body.success && error.status < 500
              ? localizeMessage(body.data.message, t)
              : t('my-settings.error'),
        });
      }
    } finally {
      setSaving(false);
    }
  };

  const onSignOutEverywhere = () => {
    modal.open({
      title: t('my-settings.sign-out-everywhere.title'),
      body: `<p>${t('my-settings.sign-out-everywhere.text').replace(/[<>&]/g, '')}</p>`,
      consent: {
        labelKey: 'my-settings.sign-out-everywhere.confirm',
        onConsent: () => {
          void signOutEverywhere()
            .then(() => navigate(paths.logout()))
            .catch(() =>
              notify({
                type: 'error',
                title: '',
                content: t('my-settings.sign-out-everywhere.error'),
              }),
            );
        },
      },
    });
  };

  const field = (
    name: Field,
    control: (props: {
      id: string;
      name: string;
      'aria-invalid'?: true;
      'aria-describedby'?: string;
      required?: boolean;
    }) => ReactNode,
    hint?: string,
  ) => {
    const id = `ms-${name}`;
    const error = errors[name];
    const describedBy = [error ? `${id}-error` : '', hint ? `${id}-hint` : '']
      .filter(Boolean)
      .join(' ');
    return (
      <div className="ms-field">
        <label htmlFor={id}>
          {t(`my-settings.field.${name}`)}
          {REQUIRED.has(name) && <span aria-hidden="true"> *</span>}
        </label>
        {control({
          id,
          name,
          ...(error ? { 'aria-invalid': true as const } : {}),
          ...(describedBy ? { 'aria-describedby': describedBy } : {}),
          ...(REQUIRED.has(name) ? { required: true } : {}),
        })}
        {hint && (
          <p id={`${id}-hint`} className="ms-hint">
            {hint}
          </p>
        )}
        {error && (
          <p id={`${id}-error`} className="ms-error">
            {error}
          </p>
        )}
      </div>
    );
  };

  const text = (
    name: 'firstName' | 'lastName' | 'phone' | 'mobile',
    type = 'text',
    hint?: string,
  ) =>
    field(
      name,
      (props) => (
        <input
          {...props}
          type={type}
          value={input[name]}
          autoComplete={
            name === 'firstName' ? 'given-name' : name === 'lastName' ? 'family-name' : 'tel'
          }
          {...(type === 'tel' ? { placeholder: PHONE_PLACEHOLDER } : {})}
          onChange={(e) => set(name, e.target.value)}
        />
      ),
      hint,
    );
  const phoneHint = t('my-settings.phone.hint', { example: PHONE_PLACEHOLDER });
  const zoneList = zones.data ?? [];

  return (
    <div className="ms-page">
      <h2 className="ms-heading">{t('my-settings.profile.title')}</h2>
      {banner && (
        <div className={`ms-banner ms-banner--${banner.kind}`} role="alert">
          <p>{banner.text}</p>
          {banner.kind === 'conflict' && (
            <button
              type="button"
              className="ui-button ui-button--secondary"
              onClick={() => void queryClient.invalidateQueries({ queryKey: ownSettingsQueryKey })}
            >
              {t('my-settings.reload')}
            </button>
          )}
        </div>
      )}
      <p className="ms-note">{t('my-settings.required-note')}</p>
      <form className="ms-form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <fieldset>
          <legend>{t('my-settings.section.account')}</legend>
          <div className="ms-field">
            <label htmlFor="ms-email">{t('my-settings.field.email')}</label>
            <input id="ms-email" readOnly value={settings.email} aria-describedby="ms-read-only" />
          </div>
          <div className="ms-field">
            <label htmlFor="ms-accountName">{t('my-settings.field.accountName')}</label>
            <input
              id="ms-accountName"
              readOnly
              value={settings.accountName}
              aria-describedby="ms-read-only"
            />
          </div>
          <p id="ms-read-only" className="ms-hint">
            {t('my-settings.read-only')}
          </p>
        </fieldset>
        <fieldset>
          <legend>{t('my-settings.section.person')}</legend>
          {text('firstName')}
          {text('lastName')}
          {field('language', (props) => (
            <select
              {...props}
              value={input.language}
              onChange={(e) => set('language', e.target.value)}
            >
              {SUPPORTED_LOCALES.map((code) => (
                <option key={code} value={code} lang={code}>
                  {languageName(code)}
                </option>
              ))}
            </select>
          ))}
          {field(
            'timeZone',
            (props) => (
              <select
                {...props}
                value={input.timeZone}
                onChange={(e) => set('timeZone', e.target.value)}
              >
                {!zoneList.some((z) => z.key === input.timeZone) && (
                  <option value={input.timeZone}>{input.timeZone}</option>
                )}
                {zoneList.map((z) => (
                  <option key={z.key} value={z.key}>
                    {z.value}
                  </option>
                ))}
              </select>
            ),
            t('my-settings.local-time', { time: format.dateTime(new Date()) }),
          )}
        </fieldset>
        <fieldset>
          <legend>{t('my-settings.section.contact')}</legend>
          {text('phone', 'tel', phoneHint)}
          {text('mobile', 'tel', phoneHint)}
        </fieldset>
        <div className="ms-actions">
          <button type="submit" className="ui-button" aria-busy={saving}>
            {t(saving ? 'my-settings.saving' : 'my-settings.save')}
          </button>
        </div>
      </form>
      <section className="ms-danger ui-panel" aria-labelledby={headingId}>
        <h2 id={headingId} className="ms-heading">
          {t('my-settings.sign-out-everywhere.title')}
        </h2>
        <p>{t('my-settings.sign-out-everywhere.text')}</p>
        <button
          type="button"
          className="ui-button ui-button--secondary"
          onClick={onSignOutEverywhere}
        >
          {t('my-settings.sign-out-everywhere.button')}
        </button>
      </section>
    </div>
  );
}
