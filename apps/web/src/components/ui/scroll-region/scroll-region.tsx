import type { ReactNode } from 'react';

export interface ScrollRegionProps {
  /** Id of the element that names the region (a table caption or a heading). */
  labelledBy: string;
  className?: string;
  children: ReactNode;
}

/**
 * A wide table's sideways-scrolling frame on narrow screens: a named region that keyboard
 * users can focus, so they can scroll it too (WCAG 2.1.1; axe "scrollable-region-focusable").
 */
export function ScrollRegion({ labelledBy, className, children }: ScrollRegionProps) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must take focus to scroll by keyboard
    <div className={className} role="region" aria-labelledby={labelledBy} tabIndex={0}>
      {children}
    </div>
  );
}
