import { useQuery } from '@tanstack/react-query';
import { spriteQueryOptions } from './shell-queries.js';

/** The hidden icon sprite: icons elsewhere draw with <svg><use href="#icon-…"/></svg>. */
export function IconSprite() {
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
