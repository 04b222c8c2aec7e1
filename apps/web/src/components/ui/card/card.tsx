import type { AnchorHTMLAttributes, HTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import '../ui.css';

type CardElement = 'article' | 'li' | 'div';

export interface CardProps extends HTMLAttributes<HTMLElement> {
  /** The card's element: an `article` by default, `li` when the card is a list's item. */
  as?: CardElement;
  children: ReactNode;
}

/**
 * A card whose title link is its target area (issue 39). The card is the positioned box of
 * the link's stretched overlay: the overlay exists only inside a `.ui-card` (ui.css), so a
 * card link can never cover more than its own card. Features add their own look by class.
 */
export function Card({ as: Element = 'article', className, children, ...rest }: CardProps) {
  return (
    <Element className={className ? `ui-card ${className}` : 'ui-card'} {...rest}>
      {children}
    </Element>
  );
}

/** The title link of a `<Card>`, in the app: its whole card takes the click. */
export function CardLink({ className, ...rest }: LinkProps) {
  return <Link className={className ? `ui-card__link ${className}` : 'ui-card__link'} {...rest} />;
}

/** The title link of a `<Card>` to another site or a new window (the whole card takes it). */
export function CardAnchor({
  className,
  children,
  ...rest
}: AnchorHTMLAttributes<HTMLAnchorElement>) {
  return (
    <a className={className ? `ui-card__link ${className}` : 'ui-card__link'} {...rest}>
      {children}
    </a>
  );
}
