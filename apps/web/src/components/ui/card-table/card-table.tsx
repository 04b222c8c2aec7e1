import { useId, type ReactNode } from 'react';
import { ScrollRegion } from '../scroll-region/scroll-region.js';
import { ColumnHeads } from './column-heads.js';

/** What names a table: its caption (shown, or for screen readers only), or a heading's id. */
export type TableName = { caption: ReactNode; hidden?: boolean } | { headingId: string };

export interface CardTableProps {
  name: TableName;
  /** The scrolling frame's class and the table's (`ui-card-table` is added). */
  scrollerClassName: string;
  className: string;
  /** The column labels, or a head of the table's own (sortable or composed columns). */
  head: readonly string[] | ReactNode;
  busy?: boolean;
  testId?: string;
  /** The rows. */
  children: ReactNode;
}

/**
 * A data table in its sideways-scrolling frame (ScrollRegion), named by its caption or a
 * heading; on a phone (`ui-card-table`, ADR 0068) each row is a card whose cells repeat the
 * column labels (their data-label).
 */
export function CardTable({
  name,
  scrollerClassName,
  className,
  head,
  busy,
  testId,
  children,
}: CardTableProps) {
  const captionId = useId();
  return (
    <ScrollRegion
      className={scrollerClassName}
      labelledBy={'headingId' in name ? name.headingId : captionId}
    >
      <table className={`${className} ui-card-table`} aria-busy={busy} data-testid={testId}>
        {'caption' in name && (
          <caption id={captionId} className={name.hidden ? 'ui-visually-hidden' : undefined}>
            {name.caption}
          </caption>
        )}
        {isLabels(head) ? <ColumnHeads labels={head} /> : head}
        <tbody>{children}</tbody>
      </table>
    </ScrollRegion>
  );
}

const isLabels = (head: readonly string[] | ReactNode): head is readonly string[] =>
  Array.isArray(head) && head.every((label) => typeof label === 'string');
