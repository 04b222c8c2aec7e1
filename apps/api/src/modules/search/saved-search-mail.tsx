import type { LabelLanguage } from '@portico/locales';
import type { Translate } from '../../lib/i18n/translate.js';
import { renderMail } from '../../lib/render/html-document.js';

// The HTML part of a saved search's mail (issue 38), a React component as every mail is
// (ADR 0067): escaping is the renderer's. Its plain-text part is built beside it.

export interface SavedSearchMail {
  language: LabelLanguage;
  t: Translate;
  subject: string;
  greeting: string;
  intro: string;
  /** The new items, each with its absolute address. */
  items: readonly { title: string; href: string }[];
  /** The search page of this saved search. */
  all: string;
  unsubscribe: string;
  manage: string;
}

export function savedSearchMailHtml(mail: SavedSearchMail): string {
  const { t } = mail;
  return renderMail({
    language: mail.language,
    title: mail.subject,
    children: (
      <>
        <p>{mail.greeting}</p>
        <p>{mail.intro}</p>
        <ul>
          {mail.items.map((item) => (
            <li key={item.href}>
              <a href={item.href}>{item.title}</a>
            </li>
          ))}
        </ul>
        <p>
          <a href={mail.all}>{t('mail.saved-search.all')}</a>
        </p>
        <hr />
        <p style={{ color: '#555', fontSize: '13px' }}>
          {t('mail.saved-search.reason')}
          <br />
          <a href={mail.unsubscribe}>{t('mail.footer.unsubscribe')}</a>
          {' · '}
          <a href={mail.manage}>{t('mail.footer.manage')}</a>
        </p>
      </>
    ),
  });
}
