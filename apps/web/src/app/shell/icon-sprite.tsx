import { useQuery } from '@tanstack/react-query';
import { useBrowserValue } from '../../lib/render/use-hydrated.js';
import { spriteQueryOptions } from './shell-queries.js';

/** The sprite the server writes beside a painted page (ADR 0075), outside the app's root. */
export const PAINTED_SPRITE_ID = 'portico-painted-sprite';

/** Whether the page came with the icons (then the app asks for no sprite of its own). */
export const hasPaintedSprite = (): boolean => document.getElementById(PAINTED_SPRITE_ID) !== null;

function FetchedSprite() {
  const sprite = useQuery(spriteQueryOptions());
  if (!sprite.data) return null;
  return (
    <div
      className="app-icon-sprite"
      hidden
      aria-hidden="true"
      data-testid="icon-sprite"
      dangerouslySetInnerHTML={{ __html: sprite.data }}
    />
  );
}

/**
 * The hidden icon sprite: icons elsewhere draw with <svg><use href="#icon-…"/></svg>. A page
 * the server painted has it already (and the server's render draws none of its own).
 */
export function IconSprite() {
  const painted = useBrowserValue(hasPaintedSprite, true);
  return painted ? null : <FetchedSprite />;
}
