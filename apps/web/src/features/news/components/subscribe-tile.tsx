import { subscriptionAnchor } from '@portico/contracts/values';
import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.js';
import { useT } from '../../../lib/labels/use-t.js';
import '../news.labels.js';

/**
 * The "Stay informed" subscribe tile (§2): below the list when there are results, and always
 * after a news item. Links to the e-mail subscriptions in my-settings, at the news topic.
 */
export function SubscribeTile() {
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
        to={{ pathname: paths.mySettingsSubscriptions(), hash: subscriptionAnchor('general-news') }}
      >
        {t('news.subscribe.link')}
      </Link>
    </aside>
  );
}
