import { rowBy, rowsBy, hasRowBy, writeBy, type Queryable } from '../../db/db.js';

// SQL of news delivery (issue 12, ADR 0031): who gets a published item and how, one delivery
// row per user, item and channel, the bell's notification, and the digests' runs.

export type Mode = 'immediately' | 'daily' | 'weekly';

export interface NewsRow {
  id: string;
  title: string;
  subtitle: string | null;
  introduction: string | null;
}

export interface RecipientRow {
  user_id: string;
  email: string;
  first_name: string;
  language: string;
  mode: Mode;
  scope: string;
}

export const findNews = rowBy<NewsRow, [newsId: number]>(
  `select id::text as id, title, subtitle, introduction from news where id = $1`,
);

/**
 * Who gets a news item, and how: general-news subscribers get every item (product news is
 * news too); product-news subscribers of a product the item targets, while still connected to
 * it. Of several matching subscriptions the most immediate wins. Active users only.
 */
export const findRecipients = rowsBy<RecipientRow, [newsId: number]>(
  `with item_products as (
     select p.content_id from news_products np join products p on p.id = np.product_id
      where np.news_id = $1
   ), matches as (
     select s.user_id, s.frequency,
            case when s.product_content_id = '' then s.topic
                 else s.topic || ':' || s.product_content_id end as scope
       from email_subscriptions s
      where s.frequency <> 'off'
        and ((s.topic = 'general-news' and s.product_content_id = '')
          or (s.topic = 'product-news'
              and s.product_content_id in (select content_id from item_products)
              and exists (select 1 from user_products up join products p on p.id = up.product_id
                           where up.user_id = s.user_id and p.content_id = s.product_content_id)))
   )
   select u.id as user_id, u.email, u.first_name, u.language,
          (array_agg(m.frequency order by case m.frequency when 'immediately' then 0
             when 'daily' then 1 else 2 end, m.scope))[1] as mode,
          (array_agg(m.scope order by case m.frequency when 'immediately' then 0
             when 'daily' then 1 else 2 end, m.scope))[1] as scope
     from matches m join users u on u.id = m.user_id
    where u.status = 'Active'
    group by u.id, u.email, u.first_name, u.language
    order by u.id`,
);

/** A delivery row for the recipient; false when the item was delivered to them already. */
export const insertNewsDelivery = hasRowBy<
  [userId: string, newsId: string, mode: Mode, scope: string]
>(
  `insert into subscription_deliveries (user_id, item_type, item_id, channel, mode, scope)
   values ($1, 'news', $2, 'email', $3, $4)
   on conflict do nothing returning user_id`,
);

/** The bell's notification of a news item (once per user and source). */
export async function insertNewsNotification(
  db: Queryable,
  userId: string,
  n: { source: string; title: string; content: string; path: string; link: string },
): Promise<void> {
  await db.query(
    `insert into user_notifications (user_id, source, type, icon, title, content, path, link)
     values ($1, $2, 'information', 'news', $3, $4, $5, $6)
     on conflict (user_id, source) do nothing`,
    [userId, n.source, n.title, n.content, n.path, n.link],
  );
}

export const markNewsDeliverySent = writeBy<[userId: string, newsId: string]>(
  `update subscription_deliveries set sent_at = now()
    where user_id = $1 and item_type = 'news' and item_id = $2 and channel = 'email'`,
);

/** A mail that did not reach its subscriber, on the delivery rows of its items (ADR 0053). */
export async function markNewsMailFailed(
  db: Queryable,
  userId: string,
  newsIds: readonly string[],
  failure: string,
): Promise<void> {
  await db.query(
    `update subscription_deliveries set mail_failed_at = now(), mail_failure = $3
      where user_id = $1 and item_type = 'news' and item_id = any($2::text[])
        and channel = 'email'`,
    [userId, [...newsIds], failure],
  );
}

/** Claims a digest period; false when its digest has gone out already (another run). */
export async function claimDigestRun(
  db: Queryable,
  frequency: 'daily' | 'weekly',
  period: string,
): Promise<boolean> {
  const { rows } = await db.query(
    `insert into digest_runs (frequency, period) values ($1, $2)
     on conflict do nothing returning period`,
    [frequency, period],
  );
  return rows.length > 0;
}

export interface PendingDigestRow {
  user_id: string;
  email: string;
  first_name: string;
  language: string;
  news_id: string | null;
  title: string | null;
  introduction: string | null;
  subtitle: string | null;
}

/** Every pending digest delivery of a frequency, locked, by user, newest item first. */
export async function listPendingDigest(
  db: Queryable,
  frequency: 'daily' | 'weekly',
): Promise<PendingDigestRow[]> {
  const { rows } = await db.query<PendingDigestRow>(
    `select d.user_id, u.email, u.first_name, u.language, n.id::text as news_id, n.title,
            n.introduction, n.subtitle
       from subscription_deliveries d
       join users u on u.id = d.user_id and u.status = 'Active'
       left join news n on d.item_type = 'news' and n.id::text = d.item_id
      where d.mode = $1 and d.sent_at is null
      order by d.user_id, n.publication_date desc nulls last, d.item_id
      for update of d`,
    [frequency],
  );
  return rows;
}

export async function markDigestSent(
  db: Queryable,
  userId: string,
  frequency: 'daily' | 'weekly',
  newsIds: readonly string[],
): Promise<void> {
  await db.query(
    `update subscription_deliveries set sent_at = now()
      where user_id = $1 and mode = $2 and sent_at is null and item_id = any($3::text[])`,
    [userId, frequency, [...newsIds]],
  );
}
