import type { SearchHit } from '@portico/contracts';
import { useId } from 'react';
import { CardAnchor, Card } from '../../../components/ui/card/card.js';
import { useT } from '../../../lib/labels/use-t.js';
import { countLabel, type SearchCard } from '../utils/search-cards.js';
import { SearchHitsList } from './search-hits-list.js';

export interface SearchResultCardProps {
  card: SearchCard;
  /** An enabled card was opened (analytics: site search navigate). */
  onOpen: (card: SearchCard, url: string) => void;
  /** The source's top hits (issue 38); none for a source the portal does not hold. */
  hits?: readonly SearchHit[];
}

/**
 * One source's card (§2 Search results page): title, what the source holds and its count
 * label. An enabled card is a link opening in a new window (noopener); a disabled one (count
 * 0, -1 or none) is inert: no link, aria-disabled, out of the tab order. While its source
 * answers it says so; a failed source's card says it failed.
 */
export function SearchResultCard({ card, onOpen, hits = [] }: SearchResultCardProps) {
  const t = useT();
  const titleId = useId();
  const statusId = useId();
  const title = t(`search.card.${card.id}`);

  let status: string;
  switch (card.state) {
    case 'loading':
      status = t('search.card.loading');
      break;
    case 'failed':
      status = t('search.card.failed');
      break;
    case 'no-product':
      status = t('search.no-product');
      break;
    case 'answered': {
      const label = countLabel(card.count ?? 0);
      status = t(label.key, { count: label.count });
      break;
    }
  }

  const { url } = card;
  const classes = ['search-card', `search-card--${card.state}`];
  if (!card.enabled) classes.push('search-card--disabled');

  return (
    <Card
      className={classes.join(' ')}
      aria-labelledby={titleId}
      aria-disabled={card.enabled ? undefined : true}
      aria-busy={card.state === 'loading' ? true : undefined}
      data-card={card.id}
    >
      <h2 className="search-card__title" id={titleId}>
        {card.enabled && url !== null ? (
          <CardAnchor
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            aria-describedby={statusId}
            onClick={() => onOpen(card, url)}
          >
            {title} <span className="ui-visually-hidden">{t('search.card.new-window')}</span>
          </CardAnchor>
        ) : (
          title
        )}
      </h2>
      <p className="search-card__text">{t(`search.card.${card.id}.text`)}</p>
      <p className="search-card__count" id={statusId}>
        {card.state === 'loading' && (
          <span className="ui-spinner ui-spinner--small" aria-hidden="true" />
        )}
        {status}
      </p>
      {card.state === 'answered' && (
        <SearchHitsList
          hits={hits}
          showAllUrl={card.enabled ? url : null}
          sourceTitle={title}
          onOpen={(target) => onOpen(card, target)}
        />
      )}
    </Card>
  );
}
