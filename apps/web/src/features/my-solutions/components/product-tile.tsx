import type { ProductHighlight, ProductSummary } from '@portico/contracts/my-solutions';
import { useId } from 'react';
import { Card, CardLink } from '../../../components/ui/card/card.js';
import { paths } from '../../../config/paths.js';
import { useFormat } from '../../../lib/format/use-format.js';
import { useT } from '../../../lib/labels/use-t.js';

/**
 * The product's mark: its short name (ERP, FP&A) or the initials of a longer one (Talent
 * Management → TM), on one of the chart colours picked by its id, so each product keeps its
 * colour. Products have no icon of their own yet (ADR 0068).
 */
export function productMark(name: string): string {
  const words = name.split(/\s+/).filter(Boolean);
  if (words.length === 1 && name.length <= 4) return name;
  if (words.length > 1)
    return words
      .map((word) => word[0] ?? '')
      .join('')
      .slice(0, 3);
  return name.slice(0, 2);
}

const MARK_COLOURS = 5;

function markColour(id: string): number {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) % 997;
  return (hash % MARK_COLOURS) + 1;
}

interface ProductTileProps {
  product: ProductSummary;
  /** Its current release and newest news, once they are in (the tile shows without them). */
  highlight: ProductHighlight | undefined;
}

/**
 * A My Solutions tile (issue 37): the product's mark, its name, what it is in one line,
 * current release and news. The description is cut to one line on screen but whole in the
 * DOM, and it describes the tile's link, so a screen reader reads all of it with the name.
 * No `title` for the cut: the tile's link covers the card, so a tooltip would never show.
 */
export function ProductTile({ product, highlight }: ProductTileProps) {
  const t = useT();
  const format = useFormat();
  const descriptionId = useId();
  const description = highlight?.description;
  const release = highlight?.latestRelease;
  const news = highlight?.latestNews;
  return (
    <Card as="li" className="my-solutions__tile">
      <span
        className={`my-solutions__mark my-solutions__mark--${markColour(product.id)}`}
        aria-hidden="true"
      >
        {productMark(product.productName)}
      </span>
      <div className="my-solutions__tile-text">
        <CardLink
          className="my-solutions__tile-name"
          to={paths.productSection(product.slug, product.contentId, 'documentation')}
          aria-describedby={description ? descriptionId : undefined}
        >
          {product.productName}
        </CardLink>
        {description && (
          <p id={descriptionId} className="my-solutions__tile-description">
            {description}
          </p>
        )}
        <p className="my-solutions__tile-line">
          {release
            ? t('my-solutions.tile.release', {
                version: release.version,
                date: format.calendarDate(release.releaseDate, 'medium'),
              })
            : t('my-solutions.tile.no-release')}
        </p>
        {news && (
          <p className="my-solutions__tile-news">
            <span className="my-solutions__tile-new">{t('my-solutions.tile.new')}</span>{' '}
            {news.title}
          </p>
        )}
      </div>
    </Card>
  );
}
