import type { SearchHitSource, TextSegments } from '@portico/contracts';
import { SEARCH_MIN_LENGTH } from '@portico/contracts/search-limits';
import { useQuery } from '@tanstack/react-query';
import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useState,
  type RefObject,
} from 'react';
import { createPortal } from 'react-dom';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths.js';
import { analytics } from '../../lib/analytics/analytics.js';
import {
  recentSearchesQueryOptions,
  searchSuggestionsQueryOptions,
} from '../../features/search/api/search-suggestions.js';
import { HighlightedText } from '../../features/search/components/highlighted-text.js';
import { useT } from '../../lib/labels/use-t.js';
import { findHeaderSearch, type HeaderSearchForm } from './header-search.js';
import '../../features/search/search.labels.js';
import './header-search-combobox.labels.js';
import './header-search-combobox.css';

/** Typing settles this long before suggestions are asked (as the date filter's, §9). */
const TYPING_DEBOUNCE_MS = 200;

interface Option {
  key: string;
  /** What the option reads as, marked where the typed prefixes matched. */
  label: TextSegments;
  /** Its source's card name (suggestions) or product (recent searches). */
  detail: string | null;
  href: string;
  /** A suggestion's source (§7 "site search navigate" names it); null for a recent search. */
  source: SearchHitSource | null;
}

function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

const plain = (text: string): TextSegments => [{ text, match: false }];
const isInApp = (href: string) => href.startsWith('/') && !href.startsWith('//');

/**
 * The header search box as an accessible combobox (ARIA 1.2, issue 38): from three typed
 * characters (§9) it lists up to eight titles across the sources the user may search; empty,
 * it lists the user's recent searches. Arrow keys move through the list, Enter opens the
 * chosen one (or searches, as before, when none is chosen), Escape closes the list and a
 * polite live region says how many there are. The header's HTML comes from the server: the
 * input gets the combobox's attributes and the list is a portal into its form. It loads on
 * intent (header-search-intent.tsx), which also owns the `/` shortcut.
 */
export function HeaderSearchCombobox({
  host,
  html,
}: {
  host: RefObject<HTMLElement | null>;
  html: string;
}) {
  const t = useT();
  const navigate = useNavigate();
  const listId = useId();
  const [target, setTarget] = useState<{ form: HeaderSearchForm; box: HTMLElement } | null>(null);
  const form = target?.form ?? null;
  const box = target?.box ?? null;
  const [text, setText] = useState('');
  const [productId, setProductId] = useState('');
  const [open, setOpen] = useState(false);
  // The highlighted option by its key, not its place: the list is replaced when the answer for
  // newer typing arrives, and the highlight must not land on whatever took its place.
  const [activeKey, setActiveKey] = useState<string | null>(null);

  // A new header (new HTML) is a new input: take it over, and give the list a place.
  useLayoutEffect(() => {
    const found = host.current ? findHeaderSearch(host.current) : null;
    if (!found?.query) return;
    const container = found.form.ownerDocument.createElement('div');
    container.className = 'header-suggest';
    found.form.classList.add('header-suggest-host');
    found.form.append(container);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the input is the server's HTML, outside React: taking it over is syncing with an external system
    setTarget({ form: found, box: container });
    return () => {
      container.remove();
      setTarget(null);
    };
  }, [host, html]);

  const typed = text.trim();
  const asked = useDebounced(typed, TYPING_DEBOUNCE_MS);
  const suggesting = open && asked.length >= SEARCH_MIN_LENGTH && typed.length >= SEARCH_MIN_LENGTH;
  const showRecent = open && typed === '';
  const suggestions = useQuery({
    ...searchSuggestionsQueryOptions(asked, productId),
    enabled: suggesting,
  });
  const recent = useQuery({ ...recentSearchesQueryOptions(), enabled: showRecent });

  const options = useMemo<Option[]>(() => {
    if (suggesting && suggestions.data) {
      return suggestions.data.suggestions.map((s) => ({
        key: `s ${s.source} ${s.href}`,
        label: s.title,
        detail: t(`search.card.${s.source satisfies SearchHitSource}`),
        href: s.href,
        source: s.source,
      }));
    }
    if (showRecent && recent.data) {
      const productName = (id: string | null) =>
        id === null
          ? null
          : (Array.from(form?.product?.options ?? []).find((o) => o.value === id)?.textContent ??
            id);
      return recent.data.searches.map((r) => ({
        key: `r ${r.productId ?? ''} ${r.query}`,
        label: plain(r.query),
        detail: productName(r.productId),
        href: paths.search(r.query, r.productId ?? ''),
        // The results page reports its own "site search query".
        source: null,
      }));
    }
    return [];
  }, [suggesting, suggestions.data, showRecent, recent.data, form, t]);
  const expanded = open && options.length > 0;
  const active = activeKey === null ? -1 : options.findIndex((o) => o.key === activeKey);
  const activeOption = expanded ? options[active] : undefined;
  const optionId = (index: number) => `${listId}-${index}`;

  const choose = useCallback(
    (option: Option) => {
      setOpen(false);
      setActiveKey(null);
      // §7: a suggestion followed is a result followed, as a hit on the results page is.
      if (option.source !== null) {
        analytics().siteSearchNavigate({
          query: asked,
          ...(productId === '' ? {} : { productId }),
          card: option.source,
          url: option.href,
        });
      }
      if (isInApp(option.href)) void navigate(option.href);
      else window.open(option.href, '_blank', 'noopener,noreferrer');
    },
    [navigate, asked, productId],
  );

  // The input's combobox attributes follow the state.
  const input = form?.query ?? null;
  useEffect(() => {
    if (!input) return;
    input.setAttribute('role', 'combobox');
    input.setAttribute('aria-autocomplete', 'list');
    input.setAttribute('aria-controls', listId);
    input.setAttribute('aria-keyshortcuts', '/');
    input.setAttribute('aria-expanded', String(expanded));
    if (activeOption) input.setAttribute('aria-activedescendant', optionId(active));
    else input.removeAttribute('aria-activedescendant');
  });

  // The input's and the product list's events.
  useEffect(() => {
    if (!input) return;
    const product = form?.product ?? null;
    const onInput = () => {
      setText(input.value);
      setOpen(true);
      setActiveKey(null);
    };
    const onFocus = () => {
      setText(input.value);
      setProductId(product?.value ?? '');
      setOpen(true);
    };
    const onBlur = () => {
      setOpen(false);
      setActiveKey(null);
    };
    const onProduct = () => setProductId(product?.value ?? '');
    input.addEventListener('input', onInput);
    input.addEventListener('focus', onFocus);
    // The code loads on the first focus (header-search-intent.tsx): that focus has passed.
    if (input.ownerDocument.activeElement === input) onFocus();
    input.addEventListener('blur', onBlur);
    product?.addEventListener('change', onProduct);
    return () => {
      input.removeEventListener('input', onInput);
      input.removeEventListener('focus', onFocus);
      input.removeEventListener('blur', onBlur);
      product?.removeEventListener('change', onProduct);
    };
  }, [input, form]);

  useEffect(() => {
    if (!input) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const count = expanded ? options.length : 0;
      switch (event.key) {
        case 'ArrowDown':
        case 'ArrowUp': {
          event.preventDefault();
          if (!open) {
            setOpen(true);
            return;
          }
          if (count === 0) return;
          const step = event.key === 'ArrowDown' ? 1 : -1;
          const next = active + step;
          setActiveKey(options[next >= count ? 0 : next < 0 ? count - 1 : next]?.key ?? null);
          return;
        }
        case 'Enter':
          if (activeOption) {
            event.preventDefault();
            choose(activeOption);
          } else {
            setOpen(false);
          }
          return;
        case 'Escape':
          if (expanded) {
            event.preventDefault();
            setOpen(false);
            setActiveKey(null);
          }
          return;
      }
    };
    input.addEventListener('keydown', onKeyDown);
    return () => input.removeEventListener('keydown', onKeyDown);
  }, [input, open, expanded, options, active, activeOption, choose]);

  if (!box) return null;
  const announcement = !open
    ? ''
    : suggesting && suggestions.isSuccess
      ? options.length === 0
        ? t('shell.search.suggestions.none')
        : t('shell.search.suggestions.count', { count: options.length })
      : showRecent && options.length > 0
        ? t('shell.search.recent.count', { count: options.length })
        : '';
  return createPortal(
    <>
      <ul
        id={listId}
        role="listbox"
        className="header-suggest__list"
        aria-label={t(showRecent ? 'shell.search.recent' : 'shell.search.suggestions')}
        hidden={!expanded}
      >
        {expanded &&
          options.map((option, index) => (
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- keys act in the input (aria-activedescendant), as the combobox pattern says
            <li
              key={option.key}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className="header-suggest__option"
              // Keeps the focus in the input, so the list stays open until the click.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(option)}
            >
              <span className="header-suggest__label">
                <HighlightedText segments={option.label} />
              </span>
              {option.detail !== null && (
                <span className="header-suggest__detail">{option.detail}</span>
              )}
            </li>
          ))}
      </ul>
      <div className="ui-visually-hidden" role="status" aria-live="polite">
        {announcement}
      </div>
    </>,
    box,
  );
}
