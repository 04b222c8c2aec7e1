import type { DocumentFacet, FacetCounts } from '@portico/contracts';
import { useId, useState } from 'react';
import { useT } from '../../../../lib/labels/use-t.js';
import '../documentation.labels.js';

export interface FacetPanelProps {
  facets: readonly FacetCounts[];
  onToggle: (facet: DocumentFacet, value: string) => void;
  onClear: () => void;
  anySelected: boolean;
  /** Chosen values from the address (ticked at once, before the new counts arrive). */
  isSelected: (facet: DocumentFacet, value: string) => boolean;
}

/**
 * The nine §9 facets as groups of checkboxes with counts (multi-select). Values that would
 * give nothing are not offered; when no facet has a value left: 'No filters available' (§8).
 * On a phone the panel collapses behind a button (CSS shows it always on wider screens).
 */
export function FacetPanel({
  facets,
  onToggle,
  onClear,
  anySelected,
  isSelected,
}: FacetPanelProps) {
  const t = useT();
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const shown = facets.filter((f) => f.values.length > 0);

  return (
    <aside className="documentation__filters" aria-labelledby={`${panelId}-title`}>
      <h2 id={`${panelId}-title`} className="documentation__filters-title">
        {t('documentation.filters')}
      </h2>
      <button
        type="button"
        className="ui-control documentation__filters-toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        {open ? t('documentation.filters.hide') : t('documentation.filters.show')}
      </button>
      <div
        id={panelId}
        className={`documentation__facets${open ? ' documentation__facets--open' : ''}`}
      >
        {shown.length === 0 && (
          <p className="documentation__no-filters">{t('documentation.filters.none')}</p>
        )}
        {anySelected && (
          <button type="button" className="ui-control documentation__clear" onClick={onClear}>
            {t('documentation.filters.clear')}
          </button>
        )}
        {shown.map((facet) => (
          <fieldset key={facet.facet} className="documentation__facet">
            <legend>{t(`documentation.facet.${facet.facet}`)}</legend>
            <ul>
              {facet.values.map((value) => (
                <li key={value.key}>
                  <label>
                    <input
                      type="checkbox"
                      name={facet.facet}
                      value={value.key}
                      checked={isSelected(facet.facet, value.key)}
                      onChange={() => onToggle(facet.facet, value.key)}
                    />
                    {t('documentation.facet.value', { label: value.label, count: value.count })}
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        ))}
      </div>
    </aside>
  );
}
