import { newsItemPath } from '@portico/contracts/paths';
import type { Db, Queryable } from '../../db/db.js';
import { escapeHtml } from '../../lib/html.js';
import type { JobQueue } from '../../lib/jobs/job-queue.js';
import type { KeyEncryptionKeySource } from '../../lib/key-encryption.js';
import { enqueueMail, type MailAbout, type MailMessage } from '../../lib/mail/mailer.js';
import { resolveLanguage, type LabelLanguage } from '@portico/locales';
import { textsFor, type Translate } from '../../lib/i18n/translate.js';
import './subscriptions.texts.js';
import {
  claimDigestRun,
  findNews,
  findRecipients,
  insertNewsDelivery,
  insertNewsNotification,
  listPendingDigest,
  markDigestSent,
  markNewsDeliverySent,
  markNewsMailFailed,
  type NewsRow,
  type PendingDigestRow,
} from './news-delivery.repository.js';
import { signUnsubscribeToken, unsubscribeKey } from './unsubscribe-token.js';

/**
 * Delivery of published news to subscribers (issue 12; ADR 0031). The `news.published` job
 * fans out in one transaction: per subscriber one row in `subscription_deliveries` (unique per
 * user, item and channel) and, for "immediately", its `mail.send` job queued in the same
 * transaction; for a digest the row waits for the digest job. Each subscriber also gets one
 * notification (unique per user and source). A retried or repeated job inserts nothing new,
 * so nobody gets an item twice.
 */
export interface DeliveryDeps {
  db: Db;
  jobs: JobQueue;
  publicUrl: string;
  /** Decrypts the unsubscribe links' key (ADR 0060). */
  encryptionKey: KeyEncryptionKeySource;
}

export const unsubscribeUrl = (publicUrl: string, token: string): string =>
  `${publicUrl}/unsubscribe?token=${encodeURIComponent(token)}`;

/** RFC 8058 one-click unsubscribe headers. */
export function unsubscribeHeaders(url: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${url}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

const plain = (text: string | null, max = 300): string => {
  const flat = (text ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

interface MailParts {
  subject: string;
  lines: string[];
  htmlBody: string;
}

function footer(t: Translate, publicUrl: string, unsubscribe: string) {
  const manage = `${publicUrl}/my-settings/subscriptions`;
  return {
    text: [
      '',
      '--',
      t('mail.footer.reason'),
      `${t('mail.footer.unsubscribe')}: ${unsubscribe}`,
      `${t('mail.footer.manage')}: ${manage}`,
    ],
    html: `<hr><p style="color:#555;font-size:13px">${escapeHtml(t('mail.footer.reason'))}<br><a href="${escapeHtml(unsubscribe)}">${escapeHtml(t('mail.footer.unsubscribe'))}</a> · <a href="${escapeHtml(manage)}">${escapeHtml(t('mail.footer.manage'))}</a></p>`,
  };
}

function mailOf(
  to: string,
  language: LabelLanguage,
  parts: MailParts,
  t: Translate,
  publicUrl: string,
  unsubscribe: string,
): MailMessage {
  const foot = footer(t, publicUrl, unsubscribe);
  const lang = escapeHtml(language);
  return {
    to,
    subject: parts.subject,
    text: [...parts.lines, ...foot.text, ''].join('\n'),
    html: `<!DOCTYPE html><html lang="${lang}"><head><meta charset="utf-8"><title>${escapeHtml(parts.subject)}</title></head><body style="font-family:sans-serif;line-height:1.5">${parts.htmlBody}${foot.html}</body></html>`,
    headers: unsubscribeHeaders(unsubscribe),
  };
}

export function newsMail(
  recipient: { email: string; firstName: string; language: LabelLanguage },
  item: NewsRow,
  t: Translate,
  publicUrl: string,
  unsubscribe: string,
): MailMessage {
  const link = `${publicUrl}${newsItemPath(item.title, item.id)}`;
  const summary = plain(item.introduction ?? item.subtitle);
  const greeting = t('mail.news.greeting', { name: recipient.firstName });
  return mailOf(
    recipient.email,
    recipient.language,
    {
      subject: t('mail.news.subject', { title: plain(item.title, 200) }),
      lines: [
        greeting,
        '',
        t('mail.news.intro'),
        '',
        item.title,
        ...(summary ? [summary] : []),
        '',
        `${t('mail.news.read')}: ${link}`,
      ],
      htmlBody: `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(t('mail.news.intro'))}</p><h1 style="font-size:20px"><a href="${escapeHtml(link)}">${escapeHtml(item.title)}</a></h1>${summary ? `<p>${escapeHtml(summary)}</p>` : ''}<p><a href="${escapeHtml(link)}">${escapeHtml(t('mail.news.read'))}</a></p>`,
    },
    t,
    publicUrl,
    unsubscribe,
  );
}

/**
 * A news or digest mail that did not reach its subscriber (refused for good, or its last
 * retry failed): recorded on the subscriber's delivery rows of those items, for the editor
 * (ADR 0053). The server's answer is kept for operators; the editor sees a count.
 */
export async function recordNewsMailFailure(
  db: Queryable,
  about: MailAbout,
  failure: string,
): Promise<void> {
  await markNewsMailFailed(db, about.userId, about.newsIds, failure);
}

/** Handles one `news.published` job. Returns how many recipients were new (tests). */
export async function deliverPublishedNews(deps: DeliveryDeps, newsId: number): Promise<number> {
  const key = await unsubscribeKey(deps.db, deps.encryptionKey());
  return deps.db.transaction(async (tx) => {
    const item = await findNews(tx, newsId);
    if (!item) return 0; // deleted (or unpublished away) before delivery: nothing to tell
    const recipients = await findRecipients(tx, newsId);
    const textsByLanguage = new Map<LabelLanguage, Translate>();
    let fresh = 0;
    for (const r of recipients) {
      const inserted = await insertNewsDelivery(tx, r.user_id, item.id, r.mode, r.scope);
      // Mail and notification in the recipient's profile language (issue 16).
      const language = resolveLanguage(r.language);
      let t = textsByLanguage.get(language);
      if (!t) {
        t = await textsFor(tx, language);
        textsByLanguage.set(language, t);
      }
      await insertNewsNotification(tx, r.user_id, {
        source: `news:${item.id}`,
        title: plain(item.title, 300),
        content: plain(item.introduction ?? item.subtitle) || t('notification.news.content'),
        path: newsItemPath(item.title, item.id),
        link: t('notification.news.link'),
      });
      if (!inserted) continue;
      fresh += 1;
      if (r.mode !== 'immediately') continue; // waits for the digest job
      const token = signUnsubscribeToken(key, { userId: r.user_id, scope: r.scope });
      const message = newsMail(
        { email: r.email, firstName: r.first_name, language },
        item,
        t,
        deps.publicUrl,
        unsubscribeUrl(deps.publicUrl, token),
      );
      await enqueueMail(deps.jobs, message, tx, { userId: r.user_id, newsIds: [item.id] });
      await markNewsDeliverySent(tx, r.user_id, item.id);
    }
    return fresh;
  });
}

/** The hour (UTC) a digest period starts: daily digests go out at the first run after it. */
export const DIGEST_HOUR_UTC = 6;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The period a moment belongs to: the day (or the ISO week's Monday) starting at 06:00 UTC. */
export function digestPeriod(frequency: 'daily' | 'weekly', now: Date): string {
  const shifted = new Date(now.getTime() - DIGEST_HOUR_UTC * HOUR_MS);
  if (frequency === 'daily') return shifted.toISOString().slice(0, 10);
  const monday = new Date(shifted.getTime() - ((shifted.getUTCDay() + 6) % 7) * DAY_MS);
  return `week-of-${monday.toISOString().slice(0, 10)}`;
}

/**
 * The digest job: once per period (digest_runs), every pending digest delivery of that
 * frequency goes out as one mail per user, queued in the same transaction that marks the
 * rows sent. `now` is the injectable clock.
 */
export async function sendDueDigests(deps: DeliveryDeps, now: Date): Promise<number> {
  const key = await unsubscribeKey(deps.db, deps.encryptionKey());
  let mails = 0;
  for (const frequency of ['daily', 'weekly'] as const) {
    mails += await deps.db.transaction(async (tx) => {
      if (!(await claimDigestRun(tx, frequency, digestPeriod(frequency, now)))) return 0; // gone out already
      const rows = await listPendingDigest(tx, frequency);
      const byUser = new Map<string, PendingDigestRow[]>();
      for (const row of rows) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row]);
      let sent = 0;
      for (const [userId, items] of byUser) {
        const first = items[0];
        const live = items.filter((i) => i.news_id !== null && i.title !== null);
        if (first && live.length > 0) {
          const language = resolveLanguage(first.language);
          const t = await textsFor(tx, language);
          const token = signUnsubscribeToken(key, { userId, scope: `digest:${frequency}` });
          const entries = live.map((i) => ({
            title: i.title ?? '',
            link: `${deps.publicUrl}${newsItemPath(i.title ?? '', i.news_id ?? '')}`,
            summary: plain(i.introduction ?? i.subtitle, 200),
          }));
          const greeting = t('mail.news.greeting', { name: first.first_name });
          const message = mailOf(
            first.email,
            language,
            {
              subject: t(`mail.digest.subject.${frequency}`),
              lines: [
                greeting,
                '',
                t('mail.digest.intro'),
                ...entries.flatMap((e) => [
                  '',
                  `* ${e.title}`,
                  ...(e.summary ? [`  ${e.summary}`] : []),
                  `  ${e.link}`,
                ]),
              ],
              htmlBody: `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(t('mail.digest.intro'))}</p><ul>${entries
                .map(
                  (e) =>
                    `<li><a href="${escapeHtml(e.link)}">${escapeHtml(e.title)}</a>${e.summary ? `<br>${escapeHtml(e.summary)}` : ''}</li>`,
                )
                .join('')}</ul>`,
            },
            t,
            deps.publicUrl,
            unsubscribeUrl(deps.publicUrl, token),
          );
          const newsIds = live.map((i) => i.news_id ?? '');
          await enqueueMail(deps.jobs, message, tx, { userId, newsIds });
          sent += 1;
        }
        await markDigestSent(
          tx,
          userId,
          frequency,
          items.map((i) => i.news_id).filter((id) => id !== null),
        );
      }
      return sent;
    });
  }
  return mails;
}
