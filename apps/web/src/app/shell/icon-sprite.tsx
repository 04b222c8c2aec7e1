import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { spriteQueryOptions } from './shell-queries.js';

/** The sprite the server writes beside a painted page (ADR 0075), outside the app's root. */
export const PAINTED_SPRITE_ID = 'portico-painted-sprite';

const never = () => () => undefined;
const paintedSprite = () => document.getElementById(PAINTED_SPRITE_ID) !== null;

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
  const painted = useSyncExternalStore(never, paintedSprite, () => true);
  return painted ? null : <FetchedSprite />;
}
