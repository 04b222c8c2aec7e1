import {
  makeOwnProfileInputSchema,
  PHONE_PLACEHOLDER,
  type OwnProfileInput,
  type OwnSettings,
} from '@portico/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useNavigate } from 'react-router';
import {
  FormBanner,
  type FormBannerState,
} from '../../../components/ui/form-banner/form-banner.js';
import { QueryContent } from '../../../components/ui/error-state/error-state.js';
import { Field as UiField } from '../../../components/ui/field/field.js';
import { TimeZonePicker } from '../../../components/ui/time-zone-picker/time-zone-picker.js';
import { useModal } from '../../../components/ui/modal/modal-store.js';
import { paths } from '../../../config/paths.js';
import { getConfig } from '../../../config/runtime-config.js';
import { languageAutonym } from '@portico/locales/display-names';
import { useTimeZoneOptions } from '../../../lib/format/time-zone-options.js';
import { catalogueEntryOf } from '../../../lib/http/error-catalogue.js';
import { handleFailure } from '../../../lib/http/failure-handling.js';
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
import { localizeMessage } from '../../../lib/labels/localize-message.js';
import { SecondaryButton } from '../../../components/ui/button/secondary-button.js';

type Editable = Pick<
  OwnSettings,
  'firstName' | 'lastName' | 'phone' | 'mobile' | 'language' | 'timeZone'
>;
type Field = keyof Editable;
const REQUIRED: ReadonlySet<Field> = new Set(['firstName', 'lastName', 'language', 'timeZone']);
const EDITABLE: ReadonlySet<string> = new Set<Field>([...REQUIRED, 'phone', 'mobile']);
type ProfileFormValues = z.input<ReturnType<typeof makeOwnProfileInputSchema>>;
const isEditable = (name: string): name is Field => EDITABLE.has(name);

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
  return (
    <QueryContent query={settings} loading={t('my-settings.loading')}>
      {(data) => <ProfileForm key={data.version} settings={data} />}
    </QueryContent>
  );
}

function ProfileForm({ settings }: { settings: OwnSettings }) {
  const t = useT();
  const format = useFormat();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const modal = useModal();
  const zones = useTimeZones();
  const headingId = useId();
  // The contract's schema checks the form (§5); its messages are localised where shown.
  const schema = useMemo(() => makeOwnProfileInputSchema(getConfig().phonePattern), []);
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    control,
    formState: { errors, isSubmitting },
  } = useForm<ProfileFormValues, unknown, OwnProfileInput>({
    resolver: zodResolver(schema),
    defaultValues: editableOf(settings),
  });
  const [banner, setBanner] = useState<FormBannerState | null>(null);

  const onValid = async (input: OwnProfileInput) => {
    try {
      const profile = await saveOwnSettings(settings, input);
      clearErrors();
      setBanner(null);
      queryClient.setQueryData(profileQueryKey, profile);
      // §4 refresh action: labels and profile reload; the whole UI follows the new language.
      await refreshLabelsAndProfile(queryClient, profile.language);
      await queryClient.invalidateQueries({ queryKey: ownSettingsQueryKey });
      notify({ type: 'information', title: t('my-settings.saved'), content: '' });
    } catch (error) {
      handleFailure(error, 'caller');
      const status = error instanceof HttpError ? error.status : 0;
      const fieldErrors = error instanceof HttpError ? error.fieldErrors : undefined;
      if (status === 412 || status === 428) {
        setBanner({ kind: 'conflict', text: t('my-settings.conflict') });
      } else if (fieldErrors) {
        for (const [name, message] of Object.entries(fieldErrors)) {
          if (isEditable(name)) setError(name, { type: 'server', message });
        }
        setBanner({ kind: 'invalid', text: t('my-settings.invalid') });
      } else {
        setBanner({ kind: 'message', text: catalogueEntryOf(error, t).content });
      }
    }
  };
  const onInvalid = () => setBanner({ kind: 'invalid', text: t('my-settings.invalid') });

  const fieldProps = (name: Field, hint?: string) => ({
    id: `ms-${name}`,
    label: t(`my-settings.field.${name}`),
    required: REQUIRED.has(name),
    hint,
    error: errors[name]?.message && localizeMessage(errors[name].message, t),
  });

  const onSignOutEverywhere = () => {
    modal.open({
      title: t('my-settings.sign-out-everywhere.title'),
      body: `<p>${t('my-settings.sign-out-everywhere.text').replace(/[<>&]/g, '')}</p>`,
      consent: {
        labelKey: 'my-settings.sign-out-everywhere.confirm',
        onConsent: () => {
          void signOutEverywhere()
            .then(() => navigate(paths.logout()))
            .catch((error: unknown) => handleFailure(error));
        },
      },
    });
  };

  const text = (
    name: 'firstName' | 'lastName' | 'phone' | 'mobile',
    type = 'text',
    hint?: string,
  ) => (
    <UiField {...fieldProps(name, hint)}>
      {(props) => (
        <input
          {...props}
          {...register(name)}
          type={type}
          autoComplete={
            name === 'firstName' ? 'given-name' : name === 'lastName' ? 'family-name' : 'tel'
          }
          {...(type === 'tel' ? { placeholder: PHONE_PLACEHOLDER } : {})}
        />
      )}
    </UiField>
  );
  const phoneHint = t('my-settings.phone.hint', { example: PHONE_PLACEHOLDER });
  const zoneList = zones.data ?? [];
  // A select takes its value when it mounts: the form waits for the zone list, or the select
  // would show the list's first zone once the options arrive (the saved one still in the form).
  if (zones.isLoading) return <p role="status">{t('my-settings.loading')}</p>;

  return (
    <div className="ms-page">
      <h2 className="ms-heading">{t('my-settings.profile.title')}</h2>
      <FormBanner
        banner={banner}
        reloadLabel={t('my-settings.reload')}
        onReload={() => void queryClient.invalidateQueries({ queryKey: ownSettingsQueryKey })}
      />
      <p className="ms-note">{t('my-settings.required-note')}</p>
      <form
        className="ms-form"
        noValidate
        onSubmit={(e) => void handleSubmit(onValid, onInvalid)(e)}
      >
        <fieldset>
          <legend>{t('my-settings.section.account')}</legend>
          <UiField id="ms-email" label={t('my-settings.field.email')}>
            {(props) => (
              <input {...props} readOnly value={settings.email} aria-describedby="ms-read-only" />
            )}
          </UiField>
          <UiField id="ms-accountName" label={t('my-settings.field.accountName')}>
            {(props) => (
              <input
                {...props}
                readOnly
                value={settings.accountName}
                aria-describedby="ms-read-only"
              />
            )}
          </UiField>
          <p id="ms-read-only" className="ms-hint">
            {t('my-settings.read-only')}
          </p>
        </fieldset>
        <fieldset>
          <legend>{t('my-settings.section.person')}</legend>
          {text('firstName')}
          {text('lastName')}
          <UiField {...fieldProps('language')}>
            {(props) => (
              <select {...props} {...register('language')}>
                {SUPPORTED_LOCALES.map((code) => (
                  <option key={code} value={code} lang={code}>
                    {languageName(code)}
                  </option>
                ))}
              </select>
            )}
          </UiField>
          <UiField
            {...fieldProps(
              'timeZone',
              t('my-settings.local-time', { time: format.dateTime(new Date()) }),
            )}
          >
            {(props) => (
              <Controller
                control={control}
                name="timeZone"
                render={({ field }) => (
                  <TimeZonePicker
                    {...props}
                    value={field.value ?? ''}
                    onChange={(zone) => field.onChange(zone)}
                    onBlur={field.onBlur}
                    options={zoneList}
                  />
                )}
              />
            )}
          </UiField>
        </fieldset>
        <fieldset>
          <legend>{t('my-settings.section.contact')}</legend>
          {text('phone', 'tel', phoneHint)}
          {text('mobile', 'tel', phoneHint)}
        </fieldset>
        <div className="ms-actions">
          <button type="submit" className="ui-button" aria-busy={isSubmitting}>
            {t(isSubmitting ? 'my-settings.saving' : 'my-settings.save')}
          </button>
        </div>
      </form>
      <section className="ms-danger ui-panel" aria-labelledby={headingId}>
        <h2 id={headingId} className="ms-heading">
          {t('my-settings.sign-out-everywhere.title')}
        </h2>
        <p>{t('my-settings.sign-out-everywhere.text')}</p>
        <SecondaryButton onClick={onSignOutEverywhere}>
          {t('my-settings.sign-out-everywhere.button')}
        </SecondaryButton>
      </section>
    </div>
  );
}
