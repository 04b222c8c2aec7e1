import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type Ref,
} from 'react';
import { type LabelKey, useT } from '../../../lib/labels/use-t.js';
import { useBrowserValue } from '../../../lib/render/use-hydrated.js';
import {
  checkRange,
  CLEARED_RANGE,
  DATE_FILTER_DEBOUNCE_MS,
  isActiveRange,
  QUICK_RANGES,
  quickRange,
  type DateRange,
  type QuickRange,
} from './date-range.js';
import './date-filter.labels.js';
import '../ui.css';
import './date-filter.css';

export interface DateFilterProps {
  /** The applied start date (yyyy-mm-dd), e.g. from the URL. */
  startDate?: string;
  /** The applied end date (yyyy-mm-dd), e.g. from the URL. */
  endDate?: string;
  /** Both dates, or both undefined when the filter becomes inactive (§5). */
  onChange: (range: DateRange) => void;
  /** Today's date for the quick options (injectable for tests). */
  today?: () => Date;
}

interface Values {
  start: string;
  end: string;
}
interface Applied {
  startDate: string;
  endDate: string;
}

const valuesOf = (startDate?: string, endDate?: string): Values => ({
  start: startDate ?? '',
  end: endDate ?? '',
});
const appliedOf = (values: Values): Applied | null =>
  isActiveRange(values.start, values.end) ? { startDate: values.start, endDate: values.end } : null;
const sameApplied = (a: Applied | null, b: Applied | null): boolean =>
  a?.startDate === b?.startDate && a?.endDate === b?.endDate;

// jsdom (tests) has no popover API; there the panel is a plain disclosure shown with `hidden`.
const supportsPopover = (): boolean =>
  typeof HTMLElement !== 'undefined' && 'showPopover' in HTMLElement.prototype;

const isPopoverOpen = (element: HTMLElement): boolean => {
  try {
    return element.matches(':popover-open');
  } catch {
    return false; // a selector engine that does not know the pseudo-class
  }
};

interface DateFieldProps {
  ref?: Ref<HTMLInputElement>;
  label: string;
  name: 'startDate' | 'endDate';
  value: string;
  /** The order error's id while the range is reversed (both fields are then invalid). */
  errorId: string | undefined;
  onChange: (value: string) => void;
}

/** One end of the range: a labelled date input within the years the API accepts. */
function DateField({ ref, label, name, value, errorId, onChange }: DateFieldProps) {
  return (
    <label className="ui-date-filter__field">
      <span>{label}</span>
      <input
        ref={ref}
        className="ui-control"
        type="date"
        name={name}
        min="2000-01-01"
        max="2999-12-31"
        value={value}
        aria-invalid={errorId !== undefined}
        aria-describedby={errorId}
        onChange={(event) => onChange(event.target.value)}
      />
    </label>
  );
}

const QUICK_LABELS: Record<QuickRange, LabelKey> = {
  'last-year': 'date-filter.last-year',
  'last-month': 'date-filter.last-month',
  'last-week': 'date-filter.last-week',
};

/**
 * §2/§5 Date filter: from/to date inputs in a popover, emitted 200 ms after the last change and
 * only when both are valid; start after end restores the previous values with a message;
 * either missing makes the filter inactive. Active (badge on the toggle) when both are applied.
 */
export function DateFilter({
  startDate,
  endDate,
  onChange,
  today = () => new Date(),
}: DateFilterProps) {
  const t = useT();
  const id = useId();
  const panelId = `${id}-panel`;
  const errorId = `${id}-error`;
  // The server knows no popover API: the painted page has a plain panel, which hydration keeps
  // (ADR 0075); the render right after makes it a popover where the browser has the API.
  const popover = useBrowserValue(supportsPopover, false);
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState(() => valuesOf(startDate, endDate));
  /** The values as they were after the last settled change: what "restore" goes back to. */
  const [previous, setPrevious] = useState(() => valuesOf(startDate, endDate));
  /** The range in effect (last emitted, or given by the caller); null = inactive. */
  const [applied, setApplied] = useState(() => appliedOf(valuesOf(startDate, endDate)));
  const [orderError, setOrderError] = useState(false);
  const [seenProps, setSeenProps] = useState(`${startDate ?? ''}|${endDate ?? ''}`);

  // The caller's dates changed (e.g. back navigation): adopt them, unless they are just the
  // range this filter emitted itself (then the user's unfinished input stays as it is).
  const propsKey = `${startDate ?? ''}|${endDate ?? ''}`;
  if (propsKey !== seenProps) {
    setSeenProps(propsKey);
    const incoming = valuesOf(startDate, endDate);
    if (!sameApplied(appliedOf(incoming), applied)) {
      setValues(incoming);
      setPrevious(incoming);
      setApplied(appliedOf(incoming));
      setOrderError(false);
    }
  }

  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const settle = (next: Values) => {
    const check = checkRange(next.start, next.end);
    if (check === 'start-after-end') {
      setValues(previous);
      setOrderError(true);
      return;
    }
    setOrderError(false);
    setPrevious(next);
    if (check === 'apply') {
      const range = { startDate: next.start, endDate: next.end };
      if (!sameApplied(applied, range)) {
        setApplied(range);
        onChange(range);
      }
    } else if (check === 'incomplete' && applied !== null) {
      setApplied(null);
      onChange(CLEARED_RANGE);
    }
  };

  const change = (next: Values) => {
    setValues(next);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => settle(next), DATE_FILTER_DEBOUNCE_MS);
  };

  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const fromRef = useRef<HTMLInputElement>(null);

  // A layout effect: shown, focused and listening when it paints (a plain effect may run after the frame that shows it).
  useLayoutEffect(() => {
    const panel = panelRef.current;
    if (!open || !panel) return;
    const place = () => {
      const toggle = toggleRef.current;
      if (!popover || !toggle) return;
      const rect = toggle.getBoundingClientRect();
      const left = Math.max(8, Math.min(rect.left, window.innerWidth - panel.offsetWidth - 8));
      panel.style.top = `${rect.bottom + 4}px`;
      panel.style.left = `${left}px`;
    };
    if (popover) panel.showPopover();
    place();
    fromRef.current?.focus();
    const close = () => {
      setOpen(false);
      toggleRef.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && rootRef.current?.contains(event.target)) return;
      setOpen(false);
    };
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      close();
    };
    document.addEventListener('pointerdown', onPointerDown);
    panel.addEventListener('keydown', onKeyDown);
    window.addEventListener('resize', place);
    window.addEventListener('scroll', place, true);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      panel.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, true);
      if (popover && isPopoverOpen(panel)) panel.hidePopover();
    };
  }, [open, popover]);

  const onToggleKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
    }
  };

  return (
    <div className="ui-date-filter" ref={rootRef}>
      <button
        ref={toggleRef}
        type="button"
        className={`ui-control ui-date-filter__toggle${applied ? ' ui-date-filter__toggle--active' : ''}`}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((was) => !was)}
        onKeyDown={onToggleKeyDown}
      >
        <span>{t('date-filter.toggle')}</span>
        {applied && ' '}
        {applied && (
          <span className="ui-date-filter__badge">{t('date-filter.active', { ...applied })}</span>
        )}
      </button>
      <div
        ref={panelRef}
        id={panelId}
        className="ui-date-filter__panel"
        role="group"
        aria-label={t('date-filter.panel')}
        popover={popover ? 'manual' : undefined}
        hidden={popover ? undefined : !open}
      >
        <div className="ui-date-filter__fields">
          <DateField
            ref={fromRef}
            label={t('date-filter.from')}
            name="startDate"
            value={values.start}
            errorId={orderError ? errorId : undefined}
            onChange={(start) => change({ ...values, start })}
          />
          <DateField
            label={t('date-filter.to')}
            name="endDate"
            value={values.end}
            errorId={orderError ? errorId : undefined}
            onChange={(end) => change({ ...values, end })}
          />
        </div>
        {orderError && (
          <p id={errorId} className="ui-error-text" role="alert">
            {t('date-filter.error.order')}
          </p>
        )}
        <ul className="ui-date-filter__quick" aria-label={t('date-filter.quick')}>
          {QUICK_RANGES.map((kind) => (
            <li key={kind}>
              <button
                type="button"
                onClick={() => {
                  const range = quickRange(kind, today());
                  change({ start: range.startDate, end: range.endDate });
                }}
              >
                {t(QUICK_LABELS[kind])}
              </button>
            </li>
          ))}
          <li>
            <button type="button" onClick={() => change({ start: '', end: '' })}>
              {t('date-filter.any-date')}
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
