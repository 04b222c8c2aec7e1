import type { NewsListItem } from '@portico/contracts';

/** §9: the default news image is the logo (served by the API outside /api, no token needed). */
export const DEFAULT_NEWS_IMAGE = '/media/logo.svg';

/**
 * §9 breakpoints for the responsive header image: small up to 768 px, medium 769–1024 px,
 * large above.
 */
export const SMALL_MAX_WIDTH = 768;
export const MEDIUM_MAX_WIDTH = 1024;

/**
 * Pixel sizes of the header image variants (§3 headerImage; the media module draws them at
 * these sizes, 12:5) and of the logo. Width and height on the <img> let the browser reserve
 * the box before the picture arrives; the widths feed srcset.
 */
export const NEWS_IMAGE_SIZES = {
  large: { width: 1200, height: 500 },
  medium: { width: 600, height: 250 },
  small: { width: 300, height: 125 },
} as const;
export const DEFAULT_NEWS_IMAGE_SIZE = { width: 240, height: 64 } as const;

/**
 * How wide a card's image is drawn (the ui-card-grid: one column on a phone, cards of at
 * least 16rem beside each other above), so the browser picks the smallest variant that
 * fills it at the screen's pixel density.
 */
export const NEWS_CARD_IMAGE_SIZES = `(max-width: ${SMALL_MAX_WIDTH}px) 100vw, (max-width: ${MEDIUM_MAX_WIDTH}px) 50vw, 24rem`;

export interface CardImage {
  src: string;
  srcSet?: string;
  sizes?: string;
  width: number;
  height: number;
  isLogo: boolean;
}

/** The card image of a list item (§2 News list: the medium variant, or the logo). */
export function cardImageOf(headerImage: NewsListItem['headerImage']): CardImage {
  if (!headerImage) return { src: DEFAULT_NEWS_IMAGE, ...DEFAULT_NEWS_IMAGE_SIZE, isLogo: true };
  const { small, medium, large } = NEWS_IMAGE_SIZES;
  return {
    src: headerImage.medium,
    srcSet: `${headerImage.small} ${small.width}w, ${headerImage.medium} ${medium.width}w, ${headerImage.large} ${large.width}w`,
    sizes: NEWS_CARD_IMAGE_SIZES,
    ...medium,
    isLogo: false,
  };
}
