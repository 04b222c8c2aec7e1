import type { ReactNode } from 'react';
import { type LabelKey, useT } from '../../../lib/labels/use-t.js';
import { useModal } from '../modal/modal-store.js';
import './toolbar.labels.js';
import '../ui.css';
import './toolbar.css';

export interface ToolbarProps {
  /** Number of results; the count is not shown while it is unknown. */
  count?: number;
  /** Show the loading spinner. */
  loading?: boolean;
  /** Content key of a hint document; when given, a Help link opens it in the modal. */
  helpContentKey?: string;
  /** The plural label key of the count ({{count}}; `<key>_one`, `<key>_other` …), when a page words it differently. */
  countLabel?: LabelKey;
  /** Further controls (date filter, search box…), placed after the count. */
  children?: ReactNode;
}

/** §2 Toolbar: result count (singular/plural), loading spinner, optional Help link. */
export function Toolbar({
  count,
  loading = false,
  helpContentKey,
  countLabel = 'toolbar.results',
  children,
}: ToolbarProps) {
  const t = useT();
  const modal = useModal();
  return (
    <div className="ui-toolbar">
      <p className="ui-toolbar__count" aria-live="polite">
        {count !== undefined && t(countLabel, { count })}
      </p>
      {loading && <span className="ui-spinner" role="status" aria-label={t('toolbar.loading')} />}
      {helpContentKey !== undefined && (
        <button
          type="button"
          className="ui-link-button"
          aria-haspopup="dialog"
          onClick={() => modal.open({ contentKey: helpContentKey })}
        >
          {t('toolbar.help')}
        </button>
      )}
      {children !== undefined && <div className="ui-toolbar__controls">{children}</div>}
    </div>
  );
}
