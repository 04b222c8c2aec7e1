import type { LabelLanguage } from '@portico/locales';
import type { ReactNode } from 'react';
import type { Translate } from '../../lib/i18n/translate.js';
import { renderMail } from '../../lib/render/html-document.js';

// The HTML parts of the news and digest mails (issue 8), React components (ADR 0067). Their
// plain-text parts are built beside them in news-delivery.ts (text needs no escaping).

/** What every news mail has: its language, subject, greeting and the footer's two links. */
export interface NewsMailFrame {
  language: LabelLanguage;
  subject: string;
  t: Translate;
  greeting: string;
  /** The one-click unsubscribe address of this mail. */
  unsubscribe: string;
  /** The subscriptions page. */
  manage: string;
}

function MailFooter({ t, unsubscribe, manage }: NewsMailFrame) {
  return (
    <>
      <hr />
      <p style={{ color: '#555', fontSize: '13px' }}>
        {t('mail.footer.reason')}
        <br />
        <a href={unsubscribe}>{t('mail.footer.unsubscribe')}</a>
        {' · '}
        <a href={manage}>{t('mail.footer.manage')}</a>
      </p>
    </>
  );
}

function renderNewsMail(frame: NewsMailFrame, intro: string, content: ReactNode): string {
  return renderMail({
    language: frame.language,
    title: frame.subject,
    children: (
      <>
        <p>{frame.greeting}</p>
        <p>{intro}</p>
        {content}
        <MailFooter {...frame} />
      </>
    ),
  });
}

/** One news item: its title as a link, its summary, and a link to read it. */
export function newsMailHtml(
  frame: NewsMailFrame,
  item: { title: string; summary: string; link: string },
): string {
  const { t } = frame;
  return renderNewsMail(
    frame,
    t('mail.news.intro'),
    <>
      <h1 style={{ fontSize: '20px' }}>
        <a href={item.link}>{item.title}</a>
      </h1>
      {item.summary && <p>{item.summary}</p>}
      <p>
        <a href={item.link}>{t('mail.news.read')}</a>
      </p>
    </>,
  );
}

/** A digest: the items of the day or week, each a link with its summary. */
export function digestMailHtml(
  frame: NewsMailFrame,
  entries: readonly { title: string; summary: string; link: string }[],
): string {
  return renderNewsMail(
    frame,
    frame.t('mail.digest.intro'),
    <ul>
      {entries.map((entry, i) => (
        <li key={i}>
          <a href={entry.link}>{entry.title}</a>
          {entry.summary && (
            <>
              <br />
              {entry.summary}
            </>
          )}
        </li>
      ))}
    </ul>,
  );
}
