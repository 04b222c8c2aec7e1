import type { SearchHit } from '@portico/contracts';
import { Link } from 'react-router';
import { useFormat } from '../../../lib/format/use-format.js';
import { useT } from '../../../lib/labels/use-t.js';
import { HighlightedText } from './highlighted-text.js';

export interface SearchHitsListProps {
  hits: readonly SearchHit[];
  /** The source's own filtered list ("show all"); null when the card leads nowhere. */
  showAllUrl: string | null;
  /** The card's title, for the names of its links. */
  sourceTitle: string;
  /** A hit or "show all" was followed (analytics: site search navigate). */
  onOpen: (url: string) => void;
}

const isInApp = (href: string) => href.startsWith('/') && !href.startsWith('//');

/** A date of the API: a calendar day (YYYY-MM-DD) or an instant. */
function useHitDate(): (date: string) => string {
  const format = useFormat();
  return (date) => (date.length === 10 ? format.calendarDate(date) : format.date(date));
}

/**
 * The top hits under a card (issue 38): each a link to the item (in the app, or the support
 * system's page for a knowledge article), its title and a snippet with the matched words
 * marked, and its date or type; then "show all", the source's own list filtered by the query.
 */
export function SearchHitsList({ hits, showAllUrl, sourceTitle, onOpen }: SearchHitsListProps) {
  const t = useT();
  const dateOf = useHitDate();
  if (hits.length === 0) return null;
  return (
    <div className="search-hits">
      <ul
        className="search-hits__list"
        aria-label={t('search.hits.label', { source: sourceTitle })}
      >
        {hits.map((hit) => {
          const title = <HighlightedText segments={hit.title} />;
          const meta = [
            hit.date === null ? null : dateOf(hit.date),
            hit.status === null ? null : t(`search.hit.status.${hit.status}`),
            hit.type,
          ].filter((part): part is string => part !== null && part !== '');
          return (
            <li key={hit.id} className="search-hit">
              <p className="search-hit__title">
                {isInApp(hit.href) ? (
                  <Link to={hit.href} onClick={() => onOpen(hit.href)}>
                    {title}
                  </Link>
                ) : (
                  <a
                    href={hit.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    onClick={() => onOpen(hit.href)}
                  >
                    {title}{' '}
                    <span className="ui-visually-hidden">{t('search.card.new-window')}</span>
                  </a>
                )}
              </p>
              {hit.snippet.length > 0 && (
                <p className="search-hit__snippet">
                  <HighlightedText segments={hit.snippet} />
                </p>
              )}
              {meta.length > 0 && <p className="search-hit__meta">{meta.join(' · ')}</p>}
            </li>
          );
        })}
      </ul>
      {showAllUrl !== null && (
        <a
          className="search-hits__all"
          href={showAllUrl}
          target="_blank"
          rel="noopener noreferrer"
          onClick={() => onOpen(showAllUrl)}
        >
          {t('search.hits.show-all', { source: sourceTitle })}{' '}
          <span className="ui-visually-hidden">{t('search.card.new-window')}</span>
        </a>
      )}
    </div>
  );
}
