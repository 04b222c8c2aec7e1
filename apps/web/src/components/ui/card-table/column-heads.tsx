/**
 * The header row of a table: one column header a label. On a phone a `ui-card-table` shows
 * each row as a card whose cells repeat these labels (their data-label).
 */
export function ColumnHeads({ labels }: { labels: readonly string[] }) {
  return (
    <thead>
      <tr>
        {labels.map((label) => (
          <th key={label} scope="col">
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
