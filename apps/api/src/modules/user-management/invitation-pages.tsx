import type { LabelLanguage } from '@portico/locales';
import type { ReactNode } from 'react';
import type { Translate } from '../../lib/i18n/translate.js';
import { signedOutPage } from '../shared/index.js';
import './invitation.texts.js';

// The pages of the one-time invitation link (issue 15 §4), React components (ADR 0067).

export const MIN_PASSWORD_LENGTH = 12;

/** A page's language and its texts. */
export interface InvitationPageTexts {
  language: LabelLanguage;
  t: Translate;
}

function page({ language, t }: InvitationPageTexts, title: string, children: ReactNode): string {
  return signedOutPage({
    language,
    documentTitle: t('invitation.page-title', { title }),
    heading: title,
    children,
  });
}

/**
 * A page that only says how the invitation ended (`invitation.<outcome>`, under the title
 * `invitation.<outcome>.title`), with the way to the sign-in.
 */
function outcomePage(
  texts: InvitationPageTexts,
  publicUrl: string,
  outcome: 'invalid' | 'done',
  role: 'alert' | 'status',
): string {
  const { t } = texts;
  return page(
    texts,
    t(`invitation.${outcome}.title`),
    <>
      <p role={role}>{t(`invitation.${outcome}`)}</p>
      <p>
        <a href={`${publicUrl}/login`}>{t('invitation.sign-in')}</a>
      </p>
    </>,
  );
}

/** Set a password: the form, with the error of the last attempt. */
export function invitationFormPage(
  texts: InvitationPageTexts,
  action: string,
  name: string,
  error?: string,
): string {
  const { t } = texts;
  const field = {
    type: 'password',
    autoComplete: 'new-password',
    required: true,
    minLength: MIN_PASSWORD_LENGTH,
    maxLength: 1024,
    ...(error ? { 'aria-invalid': true, 'aria-describedby': 'invitation-error' } : {}),
  } as const;
  return page(
    texts,
    t('invitation.title'),
    <>
      <p>{t('invitation.intro', { name })}</p>
      <div id="invitation-error" className="error" role="alert">
        {error && <p>{error}</p>}
      </div>
      <form method="post" action={action} className="form">
        <label htmlFor="password">{t('invitation.password')}</label>
        {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the page's one task is this form */}
        <input className="ui-control" id="password" name="password" {...field} autoFocus />
        <label htmlFor="confirm">{t('invitation.confirm')}</label>
        <input className="ui-control" id="confirm" name="confirm" {...field} />
        <button type="submit" className="ui-button">
          {t('invitation.submit')}
        </button>
      </form>
    </>,
  );
}

/** The link names no open invitation (used, expired or never issued). */
export const invitationInvalidPage = (texts: InvitationPageTexts, publicUrl: string): string =>
  outcomePage(texts, publicUrl, 'invalid', 'alert');

/** The password is set and the user active. */
export const invitationDonePage = (texts: InvitationPageTexts, publicUrl: string): string =>
  outcomePage(texts, publicUrl, 'done', 'status');
