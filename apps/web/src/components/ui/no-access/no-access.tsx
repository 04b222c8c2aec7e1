import { useId, type ReactNode } from 'react';

/**
 * The page for someone whose role does not allow a screen (issue 27: one page, not a copy per
 * feature): a titled panel that says why, and where to go instead.
 */
export function NoAccessPage({
  title,
  text,
  children,
}: {
  title: string;
  text: string;
  children?: ReactNode;
}) {
  const titleId = useId();
  return (
    <section className="ui-panel ui-no-access" aria-labelledby={titleId}>
      <h1 id={titleId} className="ui-page-title">
        {title}
      </h1>
      <p>{text}</p>
      {children}
    </section>
  );
}
