import type { SubscriptionTopic } from '@portico/contracts';
import { subscriptionAnchor } from '@portico/contracts/values';
import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.js';
import { useT } from '../../../lib/labels/use-t.js';
import '../news.labels.js';

/** Which subscription a tile leads to: a topic and, for a product topic, the product's contentId. */
export interface SubscriptionTarget {
  topic: SubscriptionTopic;
  productId?: string;
}

const GENERAL_NEWS: SubscriptionTarget = { topic: 'general-news' };

/**
 * The "Stay informed" subscribe tile (§2): below the list when there are results, and always
 * after a news item. Links to the e-mail subscriptions in my-settings, at the news topic (a
 * product's news tab: that product's news subscription, issue 27).
 */
export function SubscribeTile({ target = GENERAL_NEWS }: { target?: SubscriptionTarget }) {
  const t = useT();
  const titleId = useId();
  return (
    <aside className="news-subscribe ui-panel" aria-labelledby={titleId}>
      <h2 id={titleId} className="news-subscribe__title">
        {t('news.subscribe.title')}
      </h2>
      <p className="news-subscribe__text">{t('news.subscribe.text')}</p>
      <Link
        className="ui-button"
        to={{
          pathname: paths.mySettingsSubscriptions(),
          hash: subscriptionAnchor(target.topic, target.productId),
        }}
      >
        {t('news.subscribe.link')}
      </Link>
    </aside>
  );
}
