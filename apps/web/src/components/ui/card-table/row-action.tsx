import type { ReactNode } from 'react';

export interface RowActionProps {
  /** The button's name, which says which row it acts on (the cell's text alone does not). */
  label: string;
  onClick: () => void;
  busy?: boolean;
  disabled?: boolean;
  children: ReactNode;
}

/** A table row's action: a link-styled button in a cell of its own (CardTable's last column). */
export function RowAction({ label, onClick, busy, disabled, children }: RowActionProps) {
  return (
    <td>
      <button
        type="button"
        className="ui-link-button"
        aria-label={label}
        aria-busy={busy}
        disabled={disabled}
        onClick={onClick}
      >
        {children}
      </button>
    </td>
  );
}
