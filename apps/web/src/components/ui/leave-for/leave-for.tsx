import { useEffect, useRef } from 'react';
import { browserRedirect } from '../../../lib/auth/browser-redirect.js';

interface LeaveForProps {
  /** Where the whole window goes. */
  href: string;
  /** Said while the browser leaves. */
  progress: string;
  /** A link to the same address, in case the browser does not leave. */
  link: string;
  className?: string;
}

/**
 * Sends the whole window to another site, once per visit (StrictMode's second effect run must
 * not start a second navigation), saying so meanwhile with a link in case it does not go.
 */
export function LeaveFor({ href, progress, link, className }: LeaveForProps) {
  const left = useRef(false);

  useEffect(() => {
    if (left.current) return;
    left.current = true;
    browserRedirect.to(href);
  }, [href]);

  return (
    <div className={className} role="status">
      <p>{progress}</p>
      <a href={href}>{link}</a>
    </div>
  );
}
