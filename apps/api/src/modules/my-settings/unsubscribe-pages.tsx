import type { LabelLanguage } from '@portico/locales';
import type { ReactNode } from 'react';
import type { Translate } from '../../lib/i18n/translate.js';
import { signedOutPage } from '../shared/index.js';
import './subscriptions.texts.js';

// The pages of a mail's unsubscribe link (issue 8), React components (ADR 0067).

const MANAGE_PATH = '/my-settings/subscriptions';

function page(language: LabelLanguage, title: string, children: ReactNode): string {
  return signedOutPage({ language, documentTitle: `${title} | Portico`, heading: title, children });
}

function ManageLink({ t }: { t: Translate }) {
  return (
    <p>
      <a href={MANAGE_PATH}>{t('unsubscribe.manage')}</a>
    </p>
  );
}

/** The link is not (or no longer) valid. */
export function unsubscribeInvalidPage(t: Translate, language: LabelLanguage): string {
  return page(
    language,
    t('unsubscribe.invalid.title'),
    <>
      <p role="alert">{t('unsubscribe.invalid')}</p>
      <ManageLink t={t} />
    </>,
  );
}

/** The question, with a one-click form (RFC 8058's field, so a mail client's post works too). */
export function unsubscribeConfirmPage(
  t: Translate,
  language: LabelLanguage,
  scope: string,
  action: string,
): string {
  return page(
    language,
    t('unsubscribe.title'),
    <>
      <p>{t('unsubscribe.confirm', { scope })}</p>
      <form method="post" action={action} className="form">
        <input type="hidden" name="List-Unsubscribe" value="One-Click" />
        <button type="submit" className="ui-button">
          {t('unsubscribe.button')}
        </button>
      </form>
    </>,
  );
}

export function unsubscribeDonePage(t: Translate, language: LabelLanguage, scope: string): string {
  return page(
    language,
    t('unsubscribe.done.title'),
    <>
      <p role="status">{t('unsubscribe.done', { scope })}</p>
      <ManageLink t={t} />
    </>,
  );
}
