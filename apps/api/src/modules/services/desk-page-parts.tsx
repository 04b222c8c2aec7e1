import type { LabelLanguage } from '@portico/locales';
import type { ReactNode } from 'react';
import { formatMoment } from '../../lib/i18n/format.js';
import type { Translate } from '../../lib/i18n/translate.js';
import { renderPage } from '../../lib/render/html-document.js';
import './desk.texts.js';

// The parts of the built-in support desk's pages (issue 5), React components rendered on the
// server (ADR 0067). No inline script or style: they live under the site CSP; the shared
// tokens and the desk's one stylesheet are same-origin files. Every control has a label,
// errors are listed in a summary that links to each field, and forms re-render what was typed.

export const DESK_PREFIX = '/support-desk';
export const STYLESHEET_PATH = `${DESK_PREFIX}/assets/desk.css`;
export const CSRF_FIELD = '_csrf';

/** A desk page's language, its texts and the reader's time zone (issue 16). */
export interface DeskTexts {
  language: LabelLanguage;
  t: Translate;
  /** The profile's time zone; UTC when the reader is unknown. */
  timeZone?: string | undefined;
}

interface DeskPageOptions {
  /** The page's heading, also the document title (as `desk.page-title` words it). */
  heading: string;
  /** The document title when it differs from the heading (an error prefix). */
  documentTitle?: string;
  /**
   * The portal page around the frame shows the page's title (§2 services), so the frame's
   * heading is for assistive technology and the document title only (issue 37: one visible
   * heading). Status pages (session expired, not found) show theirs.
   */
  visibleHeading?: boolean;
  children?: ReactNode;
}

/** A complete desk page as the string a reply sends. */
export function renderDeskPage(
  { language, t }: DeskTexts,
  { heading, documentTitle, visibleHeading = false, children }: DeskPageOptions,
): string {
  return renderPage({
    language,
    title: t('desk.page-title', { title: documentTitle ?? heading }),
    stylesheet: STYLESHEET_PATH,
    mainClass: 'desk',
    children: (
      <>
        <h1 className={visibleHeading ? 'desk-heading' : 'ui-visually-hidden'}>{heading}</h1>
        {children}
      </>
    ),
  });
}

/** A moment in the reader's language and zone, without seconds or zone name (issue 37). */
export function DateTime({ texts, date }: { texts: DeskTexts; date: Date }) {
  return (
    <time dateTime={date.toISOString()}>{formatMoment(date, texts.language, texts.timeZone)}</time>
  );
}

interface ScrollingTableProps {
  className: string;
  caption: string;
  columns: readonly string[];
  children: ReactNode;
}

/**
 * A data table that scrolls sideways on a narrow screen instead of overflowing the frame; the
 * scrolling box is a named region that takes keyboard focus, so it can be scrolled by keys.
 */
export function ScrollingTable({ className, caption, columns, children }: ScrollingTableProps) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be reachable by keyboard
    <div className="table-scroll" role="region" aria-label={caption} tabIndex={0}>
      <table className={className}>
        <caption className="ui-visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th scope="col" key={column}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

interface ErrorSummaryProps {
  t: Translate;
  errors: Record<string, string | undefined>;
  /** The id each field's link jumps to, when it is not the field's name. */
  anchors?: Record<string, string>;
}

/** Error messages arrive as keys of desk.texts.ts. */
export function ErrorSummary({ t, errors, anchors = {} }: ErrorSummaryProps) {
  const entries = Object.entries(errors).filter((entry): entry is [string, string] => !!entry[1]);
  if (entries.length === 0) return null;
  return (
    // autoFocus moves focus to the summary after a failed submit, so it is read out first.
    <div
      className="error-summary"
      role="alert"
      aria-labelledby="error-summary-title"
      tabIndex={-1}
      // eslint-disable-next-line jsx-a11y/no-autofocus -- the summary is what a failed submit must announce
      autoFocus
    >
      <h2 id="error-summary-title">{t('desk.error-summary.title')}</h2>
      <p>{t('desk.error-summary.text')}</p>
      <ul>
        {entries.map(([field, message]) => (
          <li key={field}>
            {/* 'form' is about the whole form (an expired CSRF token): no field to jump to. */}
            {field === 'form' ? (
              t(message)
            ) : (
              <a href={`#${anchors[field] ?? field}`}>{t(message)}</a>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The ids a control is described by (its hint, its error), or undefined. */
export function describedBy(id: string, hint: boolean, error: boolean): string | undefined {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return ids || undefined;
}

/** A field's error message, with a prefix screen readers read out. */
export function FieldError({ t, id, error }: { t: Translate; id: string; error: string }) {
  return (
    <p className="field-error" id={`${id}-error`}>
      <span className="ui-visually-hidden">{`${t('desk.field.error-prefix')} `}</span>
      {t(error)}
    </p>
  );
}

interface FieldProps {
  t: Translate;
  id: string;
  label: string;
  hint?: string;
  error: string | undefined;
  children: ReactNode;
}

/** A required field: label, hint, error and the control (described by hint and error). */
export function Field({ t, id, label, hint, error, children }: FieldProps) {
  return (
    <div className={error ? 'field field--error' : 'field'}>
      <label htmlFor={id}>
        {label} <Required />
      </label>
      {hint && (
        <p className="hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && <FieldError t={t} id={id} error={error} />}
      {children}
    </div>
  );
}

export function Required() {
  return (
    <span className="required" aria-hidden="true">
      *
    </span>
  );
}

interface OptionsProps {
  values: readonly string[];
  text: (value: string) => string;
  placeholder?: string;
}

/** The options of a select; the select's defaultValue marks the chosen one. */
export function Options({ values, text, placeholder }: OptionsProps) {
  return (
    <>
      {placeholder !== undefined && <option value="">{placeholder}</option>}
      {values.map((value) => (
        <option value={value} key={value}>
          {text(value)}
        </option>
      ))}
    </>
  );
}

/** The note on required fields; the asterisk is shown, its meaning is read out. */
export function RequiredNote({ t }: { t: Translate }) {
  const [before = '', after = ''] = t('desk.required-note').split('{asterisk}');
  return (
    <p className="note">
      {before}
      <span aria-hidden="true">*</span>
      <span className="ui-visually-hidden">{t('desk.required-note.asterisk')}</span>
      {after}
    </p>
  );
}

/** The document title of a form page: prefixed after a failed submit. */
export const formTitle = (t: Translate, title: string, hasErrors: boolean): string =>
  hasErrors ? t('desk.page-title.error', { title }) : title;
