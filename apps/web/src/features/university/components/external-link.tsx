import type { ReactNode } from 'react';
import { useT } from '../../../lib/labels/use-t.js';
import '../university.labels.js';
import '../../../components/ui/ui.css';

interface ExternalLinkProps {
  href: string;
  className?: string;
  children: ReactNode;
}

/**
 * A link to another site, opened in a new window (the portal stays where it was). noopener:
 * the other site gets no handle on this window. The hidden text tells screen-reader users.
 */
export function ExternalLink({ href, className, children }: ExternalLinkProps) {
  const t = useT();
  return (
    <a className={className} href={href} target="_blank" rel="noopener">
      {children}
      <span className="ui-visually-hidden">{` ${t('university.new-window')}`}</span>
    </a>
  );
}
