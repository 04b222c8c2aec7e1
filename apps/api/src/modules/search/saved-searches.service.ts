import type { SavedSearchValues } from '@portico/contracts';
import { resolveLanguage } from '@portico/locales';
import type { Db, Queryable } from '../../db/db.js';
import type { Env } from '../../config/env.js';
import { textsFor, type Translate } from '../../lib/i18n/translate.js';
import type { JobQueue } from '../../lib/jobs/job-queue.js';
import type { KeyEncryptionKeySource } from '../../lib/key-encryption.js';
import { enqueueMail, type MailMessage } from '../../lib/mail/mailer.js';
import {
  signUnsubscribeToken,
  unsubscribeHeaders,
  unsubscribeKey,
  unsubscribeUrl,
} from '../my-settings/index.js';
import { hitHref, planHits, type HitPlan } from './search-hits.service.js';
import {
  DATED_SOURCES,
  deleteSavedSearch,
  findNewMatches,
  insertSavedSearchNotification,
  stopSavedSearchMail as stopMail,
  listSavedSearches,
  lockDueSavedSearches,
  markSavedSearchChecked,
  saveSearch,
  updateSavedSearch,
  type DueSavedSearch,
} from './saved-searches.repository.js';
import './saved-searches.texts.js';
import { savedSearchMailHtml } from './saved-search-mail.js';

export interface SavedSearchDeps {
  db: Db;
  jobs: JobQueue;
  env: Pick<Env, 'CSM_URL' | 'SEARCH_PRODUCT_URL' | 'SEARCH_SUPPORT_URL' | 'PUBLIC_URL'>;
  encryptionKey: KeyEncryptionKeySource;
}

/** Saved searches checked per run; the oldest checks go first, the rest at the next run. */
const CHECKED_PER_RUN = 200;
/** New items listed per source (the bell counts them, up to this many each). */
const NEW_PER_SOURCE = 10;

interface NewItem {
  title: string;
  href: string;
}

const searchPath = (s: DueSavedSearch) =>
  `/search?${new URLSearchParams({ query: s.query, ...(s.productId ? { productId: s.productId } : {}) }).toString()}`;

/**
 * What became findable for a saved search since its last check: matches of the dated
 * sources (news, product news, documents, downloads, cases) the user may search now (the
 * results page's gates, planHits). Knowledge articles and the catalogue have no dates.
 */
async function newItems(
  deps: SavedSearchDeps,
  tx: Queryable,
  search: DueSavedSearch,
  plan: HitPlan,
  until: Date,
): Promise<NewItem[]> {
  const ctx = { db: tx, env: deps.env };
  const items: NewItem[] = [];
  const seen = new Set<string>();
  for (const { source, scope } of plan.sources) {
    if (!DATED_SOURCES.has(source)) continue;
    const rows = await findNewMatches(
      tx,
      source,
      search.query,
      search.checkedAt,
      until,
      NEW_PER_SOURCE,
      scope,
    );
    for (const row of rows) {
      const href = hitHref(ctx, plan.product, source, row, search.query);
      // Product news is news too: one item once.
      if (seen.has(row.title)) continue;
      seen.add(row.title);
      items.push({ title: row.title, href });
    }
  }
  return items;
}

function savedSearchMail(
  search: DueSavedSearch,
  items: readonly NewItem[],
  t: Translate,
  publicUrl: string,
  unsubscribe: string,
): MailMessage {
  const absolute = (href: string) => (href.startsWith('/') ? `${publicUrl}${href}` : href);
  const all = `${publicUrl}${searchPath(search)}`;
  const manage = `${publicUrl}/search?${new URLSearchParams({ query: search.query }).toString()}`;
  const subject = t('mail.saved-search.subject', { query: search.query });
  const greeting = t('mail.news.greeting', { name: search.firstName });
  const intro = t('mail.saved-search.intro', { query: search.query });
  return {
    to: search.email,
    subject,
    text: [
      greeting,
      '',
      intro,
      ...items.flatMap((i) => ['', `* ${i.title}`, `  ${absolute(i.href)}`]),
      '',
      `${t('mail.saved-search.all')}: ${all}`,
      '',
      '--',
      t('mail.saved-search.reason'),
      `${t('mail.footer.unsubscribe')}: ${unsubscribe}`,
      '',
    ].join('\n'),
    html: savedSearchMailHtml({
      language: resolveLanguage(search.language),
      t,
      subject,
      greeting,
      intro,
      items: items.map((i) => ({ title: i.title, href: absolute(i.href) })),
      all,
      unsubscribe,
      manage,
    }),
    headers: unsubscribeHeaders(unsubscribe),
  };
}

/**
 * The saved-search check (job search.saved-searches): every saved search that notifies gets
 * what is new since its last check told once, in the bell (one notification per check) and
 * by e-mail (queued in the same transaction that moves its check on, so a retried run tells
 * nothing twice). Returns how many searches had news (tests).
 */
export async function checkSavedSearches(deps: SavedSearchDeps, now: Date): Promise<number> {
  const key = await unsubscribeKey(deps.db, deps.encryptionKey());
  return deps.db.transaction(async (tx) => {
    const due = await lockDueSavedSearches(tx, CHECKED_PER_RUN);
    let told = 0;
    for (const search of due) {
      const plan = await planHits(
        { db: tx, env: deps.env },
        search.userId,
        search.productId ?? undefined,
      ).catch(
        () => null, // the product is gone: nothing to find
      );
      const items = plan ? await newItems(deps, tx, search, plan, now) : [];
      await markSavedSearchChecked(tx, search.id, now);
      if (items.length === 0) continue;
      told += 1;
      const t = await textsFor(tx, resolveLanguage(search.language));
      if (search.notifyBell) {
        await insertSavedSearchNotification(tx, {
          userId: search.userId,
          source: `saved-search:${search.id}:${now.getTime()}`,
          title: t('notification.saved-search.title', { query: search.query }),
          content: t('notification.saved-search.content', { count: items.length }),
          path: searchPath(search),
          link: t('notification.saved-search.link'),
        });
      }
      if (search.notifyEmail) {
        const token = signUnsubscribeToken(key, {
          userId: search.userId,
          scope: `saved-search:${search.id}`,
        });
        const publicUrl = deps.env.PUBLIC_URL.replace(/\/+$/, '');
        await enqueueMail(
          deps.jobs,
          savedSearchMail(search, items, t, publicUrl, unsubscribeUrl(publicUrl, token)),
          tx,
        );
      }
    }
    return told;
  });
}

/** The caller's saved searches. */
export const getSavedSearches = (db: Queryable, userId: string) => listSavedSearches(db, userId);

/** Saves a search of a product the caller may search (an unknown product is a 404). */
export async function saveSearchFor(
  deps: Pick<SavedSearchDeps, 'db' | 'env'>,
  userId: string,
  input: SavedSearchValues,
) {
  await planHits({ db: deps.db, env: deps.env }, userId, input.productId);
  return saveSearch(deps.db, userId, input);
}

/** Changes how one of the caller's saved searches notifies; null when it is not theirs. */
export const changeSavedSearch = (
  db: Queryable,
  userId: string,
  id: string,
  notify: { notifyBell: boolean; notifyEmail: boolean },
) => updateSavedSearch(db, userId, id, notify);

/** Removes one of the caller's saved searches; false when it is not theirs. */
export const removeSavedSearch = (db: Queryable, userId: string, id: string) =>
  deleteSavedSearch(db, userId, id);

/** A saved search's e-mail unsubscribed (one click): it stops mailing, its bell stays. */
export const stopSavedSearchMail = (db: Queryable, userId: string, id: string) =>
  stopMail(db, userId, id);
