import { rowsBy, valueBy, writeBy, type Queryable } from '../../db/db.js';

// SQL of e-mail subscriptions (issue 12, ADR 0030): one row per user, topic and product
// (product_content_id '' for topics that are not per product).

export interface StoredSubscriptionRow {
  topic: string;
  product_content_id: string;
  frequency: string;
}

export const listStoredSubscriptions = rowsBy<StoredSubscriptionRow>(
  `select topic, product_content_id, frequency from email_subscriptions where user_id = $1`,
);

export const upsertSubscription = writeBy<
  [userId: string, topic: string, productContentId: string, frequency: string]
>(
  `insert into email_subscriptions (user_id, topic, product_content_id, frequency)
   values ($1, $2, $3, $4)
   on conflict (user_id, topic, product_content_id)
   do update set frequency = excluded.frequency, updated_at = now()`,
);

/** Turns off every subscription of the user sent in this digest. */
export async function turnOffDigest(
  db: Queryable,
  userId: string,
  frequency: 'daily' | 'weekly',
): Promise<void> {
  await db.query(
    `update email_subscriptions set frequency = 'off', updated_at = now()
      where user_id = $1 and frequency = $2`,
    [userId, frequency],
  );
}

/** Turns off one subscription (stored as off when it was the default), if the user exists. */
export const turnOffSubscription = writeBy<
  [userId: string, topic: string, productContentId: string]
>(
  `insert into email_subscriptions (user_id, topic, product_content_id, frequency)
   select $1, $2, $3, 'off' where exists (select 1 from users where id = $1)
   on conflict (user_id, topic, product_content_id)
   do update set frequency = 'off', updated_at = now()`,
);

/** The profile language of the user an unsubscribe link names, if the user exists. */
export const findUserLanguage = valueBy<string>('select language from users where id = $1');

/** The product's name, by its content id (the scope of a per-product subscription). */
export const findProductName = valueBy<string>(
  'select product_name from products where content_id = $1',
);
