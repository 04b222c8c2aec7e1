import { useId, useRef, useState, type SubmitEvent } from 'react';
import { type LabelKey, useT } from '../../../lib/labels/use-t.js';
import {
  DEFAULT_MIN_LENGTH,
  isSortOrder,
  SORT_OPTIONS,
  validateQuery,
  type SortOrder,
} from './search-query.js';
import './search-box.labels.js';
import '../ui.css';
import './search-box.css';

export interface SearchCriteria {
  query: string;
  sort: SortOrder;
}

export interface SearchBoxProps {
  /** Query shown when the box appears, and whenever the caller changes it (e.g. from the URL). */
  initialQuery?: string;
  /** §5: at least 3 characters unless the caller says otherwise. */
  minLength?: number;
  /** Label key of the placeholder (the news page uses news.search.placeholder). */
  placeholderKey?: LabelKey;
  /** Label key of the input's accessible name. */
  labelKey?: LabelKey;
  /** Form-control name of the query input (the news page uses news-query). */
  name?: string;
  /** Emitted on submit, and only when the form is valid (§5). */
  onSearch: (criteria: SearchCriteria) => void;
  /** Called when the user empties a box that held text (a cleared search). */
  onClear?: () => void;
  /** Offer the sort order (date, relevance) as a select. */
  showSort?: boolean;
  /** Sort order selected at first; relevance unless the caller says otherwise. */
  initialSort?: SortOrder;
  /**
   * Emit the query exactly as typed (the news page, §5 "used as given"). Otherwise surrounding
   * white space is trimmed. Validation applies either way.
   */
  passThrough?: boolean;
}

/** §2 Search box: one input and a submit button, validated per §5. */
export function SearchBox({
  initialQuery = '',
  minLength = DEFAULT_MIN_LENGTH,
  placeholderKey = 'search-box.placeholder',
  labelKey = 'search-box.label',
  name = 'query',
  onSearch,
  onClear,
  showSort = true,
  initialSort = 'relevance',
  passThrough = false,
}: SearchBoxProps) {
  const t = useT();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState(initialQuery);
  const [sort, setSort] = useState<SortOrder>(initialSort);
  const [touched, setTouched] = useState(false);
  // Follow the caller's query when it changes (e.g. navigation), without an effect.
  const [seenInitialQuery, setSeenInitialQuery] = useState(initialQuery);
  if (seenInitialQuery !== initialQuery) {
    setSeenInitialQuery(initialQuery);
    setQuery(initialQuery);
    setTouched(false);
  }

  const error = validateQuery(query, minLength);
  const showError = touched && error !== null;
  const errorId = `${id}-error`;

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched(true);
    if (error !== null) {
      inputRef.current?.focus();
      return;
    }
    onSearch({ query: passThrough ? query : query.trim(), sort });
  };

  return (
    <form className="ui-search-box" role="search" noValidate onSubmit={submit}>
      <div className="ui-search-box__field">
        <label htmlFor={`${id}-query`} className="ui-visually-hidden">
          {t(labelKey)}
        </label>
        <input
          ref={inputRef}
          id={`${id}-query`}
          className="ui-control ui-search-box__input"
          type="search"
          name={name}
          value={query}
          placeholder={t(placeholderKey)}
          aria-invalid={showError}
          aria-describedby={showError ? errorId : undefined}
          onChange={(event) => {
            const next = event.target.value;
            if (next === '' && query !== '') onClear?.();
            setQuery(next);
          }}
          onBlur={() => setTouched(true)}
        />
        {showError && (
          <p id={errorId} className="ui-error-text">
            {error === 'required'
              ? t('search-box.error.required')
              : t('search-box.error.minlength', { number: minLength })}
          </p>
        )}
      </div>
      {showSort && (
        <label className="ui-search-box__sort-label">
          {t('search-box.sort')}{' '}
          <select
            className="ui-control ui-search-box__sort"
            name={`${name}-sort`}
            value={sort}
            onChange={(event) => {
              const next = event.target.value;
              if (isSortOrder(next)) setSort(next);
            }}
          >
            {SORT_OPTIONS.map((option) => (
              <option key={option} value={option}>
                {t(`search-box.sort.${option}`)}
              </option>
            ))}
          </select>
        </label>
      )}
      <button type="submit" className="ui-control ui-search-box__submit">
        {t('search-box.submit')}
      </button>
    </form>
  );
}
