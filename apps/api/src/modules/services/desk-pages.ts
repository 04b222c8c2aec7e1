import type { LabelLanguage } from '@portico/locales';
import { formatDateTime } from '../../lib/i18n/format.js';
import { escapeHtml, htmlPage, safeHref } from '../../lib/html.js';
import type { Translate } from '../../lib/i18n/translate.js';
import './desk.texts.js';
import type { CatalogueItemRow, ContactRow, PortalRow } from './services.repository.js';
import {
  CATEGORIES,
  PRIORITIES,
  statusSlugs,
  type FieldErrors,
  type SupportCase,
  caseValueText,
} from './services.service.js';

// The built-in support desk's server-rendered pages (issue 5). No inline script or style:
// they live under the site CSP; the one stylesheet is served from ./assets. Every control
// has a label, errors are listed in a summary that links to each field, and forms re-render
// what was typed.

export const DESK_PREFIX = '/support-desk';
export const STYLESHEET_PATH = `${DESK_PREFIX}/assets/desk.css`;
export const CSRF_FIELD = '_csrf';

const e = escapeHtml;

/** A desk page's language, its texts and the reader's time zone (issue 16). */
export interface DeskTexts {
  language: LabelLanguage;
  t: Translate;
  /** The profile's time zone; UTC when the reader is unknown. */
  timeZone?: string | undefined;
}

// How a stored English value reads: shared with cases.csv.
const valueText = caseValueText;

function layout({ language, t }: DeskTexts, title: string, body: string): string {
  return htmlPage({
    ...{ language, title: t('desk.page-title', { title }), stylesheet: STYLESHEET_PATH },
    ...{ mainClass: 'desk', main: body },
  });
}

function time({ language, timeZone }: DeskTexts, date: Date): string {
  return `<time datetime="${date.toISOString()}">${e(formatDateTime(date, language, timeZone))}</time>`;
}

/**
 * A data table that scrolls sideways on a narrow screen instead of overflowing the frame; the
 * scrolling box is a named region that takes keyboard focus, so it can be scrolled by keys.
 */
function scrollingTable(className: string, caption: string, head: string, rows: string): string {
  return `<div class="table-scroll" role="region" aria-label="${e(caption)}" tabindex="0">
<table class="${className}">
<caption class="visually-hidden">${e(caption)}</caption>
<thead><tr>${head}</tr></thead>
<tbody>
${rows}
</tbody>
</table>
</div>`;
}

function errorSummary(
  t: Translate,
  errors: Record<string, string | undefined>,
  anchors: Record<string, string>,
): string {
  const entries = Object.entries(errors).filter((entry): entry is [string, string] => !!entry[1]);
  if (entries.length === 0) return '';
  const items = entries
    .map(([field, message]) =>
      // 'form' is about the whole form (an expired CSRF token): no field to jump to.
      field === 'form'
        ? `<li>${e(t(message))}</li>`
        : `<li><a href="#${e(anchors[field] ?? field)}">${e(t(message))}</a></li>`,
    )
    .join('\n');
  // autofocus moves focus to the summary after a failed submit, so it is read out first.
  return `<div class="error-summary" role="alert" aria-labelledby="error-summary-title" tabindex="-1" autofocus>
<h2 id="error-summary-title">${e(t('desk.error-summary.title'))}</h2>
<p>${e(t('desk.error-summary.text'))}</p>
<ul>
${items}
</ul>
</div>
`;
}

interface FieldOptions {
  t: Translate;
  id: string;
  label: string;
  hint?: string;
  error: string | undefined;
  control: (describedBy: string, invalid: string) => string;
}

/** Error messages arrive as keys of desk.texts.ts. */
function field({ t, id, label, hint, error, control }: FieldOptions): string {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  const describedBy = ids ? ` aria-describedby="${ids}"` : '';
  const invalid = error ? ' aria-invalid="true"' : '';
  return `<div class="field${error ? ' field--error' : ''}">
<label for="${id}">${e(label)} <span class="required" aria-hidden="true">*</span></label>
${hint ? `<p class="hint" id="${id}-hint">${e(hint)}</p>\n` : ''}${error ? `<p class="field-error" id="${id}-error"><span class="visually-hidden">${e(t('desk.field.error-prefix'))} </span>${e(t(error))}</p>\n` : ''}${control(describedBy, invalid)}
</div>`;
}

function options(
  values: readonly string[],
  text: (value: string) => string,
  selected: string,
  placeholder?: string,
): string {
  const first = placeholder
    ? `<option value=""${selected === '' ? ' selected' : ''}>${e(placeholder)}</option>\n`
    : '';
  return (
    first +
    values
      .map(
        (v) => `<option value="${e(v)}"${v === selected ? ' selected' : ''}>${e(text(v))}</option>`,
      )
      .join('\n')
  );
}

/** The note on required fields; the asterisk is markup, so it is put in after escaping. */
const requiredNote = (t: Translate): string =>
  `<p class="note">${e(t('desk.required-note')).replace(
    '{asterisk}',
    `<span aria-hidden="true">*</span><span class="visually-hidden">${e(t('desk.required-note.asterisk'))}</span>`,
  )}</p>`;

const pageTitle = (t: Translate, title: string, hasErrors: boolean): string =>
  hasErrors ? t('desk.page-title.error', { title }) : title;

export interface IncidentPageOptions {
  csrf: string;
  values: Record<string, string>;
  errors: FieldErrors<string>;
}

export function incidentPage(
  texts: DeskTexts,
  { csrf, values, errors }: IncidentPageOptions,
): string {
  const { t } = texts;
  const v = (name: string) => values[name] ?? '';
  const title = t('desk.incident.title');
  return layout(
    texts,
    pageTitle(t, title, Object.keys(errors).length > 0),
    `<h1>${e(title)}</h1>
${errorSummary(t, errors, {})}<p>${e(t('desk.incident.intro'))}</p>
${requiredNote(t)}
<form method="post" action="${DESK_PREFIX}/incident" novalidate>
<input type="hidden" name="${CSRF_FIELD}" value="${e(csrf)}">
${field({
  t,
  id: 'shortDescription',
  label: t('desk.incident.short-description'),
  hint: t('desk.incident.short-description.hint'),
  error: errors.shortDescription,
  control: (d, i) =>
    `<input id="shortDescription" name="shortDescription" type="text" aria-required="true" autocomplete="off" value="${e(v('shortDescription'))}"${d}${i}>`,
})}
${field({
  t,
  id: 'description',
  label: t('desk.incident.description'),
  hint: t('desk.incident.description.hint'),
  error: errors.description,
  control: (d, i) =>
    `<textarea id="description" name="description" rows="8" aria-required="true"${d}${i}>${e(v('description'))}</textarea>`,
})}
${field({
  t,
  id: 'category',
  label: t('desk.incident.category'),
  error: errors.category,
  control: (d, i) =>
    `<select id="category" name="category" aria-required="true"${d}${i}>\n${options(CATEGORIES, (c) => valueText(t, 'desk.category', c), v('category'), t('desk.incident.category.placeholder'))}\n</select>`,
})}
${field({
  t,
  id: 'priority',
  label: t('desk.incident.priority'),
  error: errors.priority,
  control: (d, i) =>
    `<select id="priority" name="priority" aria-required="true"${d}${i}>\n${options(PRIORITIES, (p) => valueText(t, 'desk.priority', p), v('priority'), t('desk.incident.priority.placeholder'))}\n</select>`,
})}
<button type="submit" class="button">${e(t('desk.incident.submit'))}</button>
</form>`,
  );
}

export interface ServiceRequestPageOptions {
  csrf: string;
  catalogue: readonly CatalogueItemRow[];
  values: Record<string, string>;
  errors: FieldErrors<string>;
}

export function serviceRequestPage(
  texts: DeskTexts,
  { csrf, catalogue, values, errors }: ServiceRequestPageOptions,
): string {
  const { t } = texts;
  const selected = values.item ?? '';
  const firstItemId = catalogue[0] ? `item-${catalogue[0].id}` : 'description';
  const itemError = errors.item;
  const choices = catalogue
    .map((item) => {
      const id = `item-${item.id}`;
      const checked = item.id === selected ? ' checked' : '';
      return `<div class="choice">
<input type="radio" id="${e(id)}" name="item" value="${e(item.id)}" aria-describedby="${e(id)}-hint"${checked}>
<label for="${e(id)}">${e(item.title)} <span class="tag">${e(valueText(t, 'desk.category', item.category))}</span></label>
<p class="hint" id="${e(id)}-hint">${e(item.description)}</p>
</div>`;
    })
    .join('\n');
  const title = t('desk.service-request.title');
  return layout(
    texts,
    pageTitle(t, title, Object.keys(errors).length > 0),
    `<h1>${e(title)}</h1>
${errorSummary(t, errors, { item: firstItemId })}<p>${e(t('desk.service-request.intro'))}</p>
${requiredNote(t)}
<form method="post" action="${DESK_PREFIX}/service-request" novalidate>
<input type="hidden" name="${CSRF_FIELD}" value="${e(csrf)}">
<fieldset class="field${itemError ? ' field--error' : ''}"${itemError ? ' aria-describedby="item-error"' : ''}>
<legend>${e(t('desk.service-request.service'))} <span class="required" aria-hidden="true">*</span></legend>
${itemError ? `<p class="field-error" id="item-error"><span class="visually-hidden">${e(t('desk.field.error-prefix'))} </span>${e(t(itemError))}</p>\n` : ''}${choices}
</fieldset>
${field({
  t,
  id: 'description',
  label: t('desk.service-request.description'),
  hint: t('desk.service-request.description.hint'),
  error: errors.description,
  control: (d, i) =>
    `<textarea id="description" name="description" rows="6" aria-required="true"${d}${i}>${e(values.description ?? '')}</textarea>`,
})}
<button type="submit" class="button">${e(t('desk.service-request.submit'))}</button>
</form>`,
  );
}

function caseHref(number: string): string {
  return `${DESK_PREFIX}/track-case/${encodeURIComponent(number)}`;
}

export function trackCasesPage(
  texts: DeskTexts,
  cases: readonly SupportCase[],
  statusSlug: string,
): string {
  const { t } = texts;
  const filterOptions = [
    `<option value=""${statusSlug === '' ? ' selected' : ''}>${e(t('desk.track-cases.all-statuses'))}</option>`,
    ...Object.entries(statusSlugs).map(
      ([slug, status]) =>
        `<option value="${slug}"${slug === statusSlug ? ' selected' : ''}>${e(valueText(t, 'desk.status', status))}</option>`,
    ),
  ].join('\n');
  const rows = cases
    .map(
      (c) => `<tr>
<th scope="row"><a href="${caseHref(c.number)}">${e(c.number)}</a></th>
<td>${e(c.shortDescription)}</td>
<td>${e(valueText(t, 'desk.category', c.category))}</td>
<td>${e(valueText(t, 'desk.priority', c.priority))}</td>
<td><span class="status">${e(valueText(t, 'desk.status', c.status))}</span></td>
<td>${time(texts, c.updatedAt)}</td>
</tr>`,
    )
    .join('\n');
  const count = t('desk.track-cases.count', { count: cases.length });
  const column = (key: string) => `<th scope="col">${e(t(key))}</th>`;
  const table = cases.length
    ? scrollingTable(
        'cases',
        t('desk.track-cases.caption'),
        [
          'desk.column.case',
          'desk.column.short-description',
          'desk.column.category',
          'desk.column.priority',
          'desk.column.status',
          'desk.column.updated',
        ]
          .map(column)
          .join(''),
        rows,
      )
    : `<p class="empty">${e(t('desk.track-cases.empty'))}</p>`;
  const title = t('desk.track-cases.title');
  return layout(
    texts,
    title,
    `<h1>${e(title)}</h1>
<form method="get" action="${DESK_PREFIX}/track-cases" class="filter">
<label for="status">${e(t('desk.track-cases.status'))}</label>
<select id="status" name="status">
${filterOptions}
</select>
<button type="submit" class="button button--secondary">${e(t('desk.track-cases.filter'))}</button>
</form>
<p class="count" role="status">${e(count)}</p>
${table}`,
  );
}

export function casePage(texts: DeskTexts, supportCase: SupportCase, created: boolean): string {
  const { t } = texts;
  const c = supportCase;
  const notice = created
    ? `<div class="notice" role="status"><p>${e(t('desk.case.created-notice', { number: c.number }))}</p></div>\n`
    : '';
  return layout(
    texts,
    t('desk.case.title', { number: c.number }),
    `${notice}<h1>${e(t('desk.case.heading', { number: c.number, title: c.shortDescription }))}</h1>
<dl class="details">
<dt>${e(t('desk.case.status'))}</dt><dd><span class="status">${e(valueText(t, 'desk.status', c.status))}</span></dd>
<dt>${e(t('desk.case.priority'))}</dt><dd>${e(valueText(t, 'desk.priority', c.priority))}</dd>
<dt>${e(t('desk.case.category'))}</dt><dd>${e(valueText(t, 'desk.category', c.category))}</dd>
<dt>${e(t('desk.case.created-by'))}</dt><dd>${e(c.createdBy ?? t('desk.case.created-by.support'))}</dd>
<dt>${e(t('desk.case.created'))}</dt><dd>${time(texts, c.createdAt)}</dd>
<dt>${e(t('desk.case.updated'))}</dt><dd>${time(texts, c.updatedAt)}</dd>
</dl>
<h2>${e(t('desk.case.description'))}</h2>
<p class="description">${e(c.description)}</p>
<p><a href="${DESK_PREFIX}/track-cases">${e(t('desk.case.back'))}</a></p>`,
  );
}

export function portalsPage(texts: DeskTexts, portals: readonly PortalRow[]): string {
  const { t } = texts;
  const items = portals
    .map(
      (p) => `<li class="card">
<h2><a href="${safeHref(p.url)}" target="_blank" rel="noopener noreferrer">${e(p.name)}<span class="visually-hidden"> ${e(t('desk.portals.new-tab'))}</span></a></h2>
<p>${e(p.description)}</p>
</li>`,
    )
    .join('\n');
  const title = t('desk.portals.title');
  return layout(
    texts,
    title,
    `<h1>${e(title)}</h1>
${portals.length ? `<ul class="cards">\n${items}\n</ul>` : `<p class="empty">${e(t('desk.portals.empty'))}</p>`}`,
  );
}

export function contactsPage(texts: DeskTexts, contacts: readonly ContactRow[]): string {
  const { t } = texts;
  const rows = contacts
    .map(
      (c) => `<tr>
<th scope="row">${e(c.name)}</th>
<td>${e(c.role)}</td>
<td><a href="${safeHref(`mailto:${c.email}`)}">${e(c.email)}</a></td>
<td>${c.phone_number ? e(c.phone_number) : `<span class="visually-hidden">${e(t('desk.contacts.no-phone'))}</span>`}</td>
</tr>`,
    )
    .join('\n');
  const column = (key: string) => `<th scope="col">${e(t(key))}</th>`;
  const title = t('desk.contacts.title');
  return layout(
    texts,
    title,
    `<h1>${e(title)}</h1>
<p>${e(t('desk.contacts.intro'))}</p>
${
  contacts.length
    ? scrollingTable(
        'contacts',
        t('desk.contacts.caption'),
        ['desk.contacts.name', 'desk.contacts.role', 'desk.contacts.email', 'desk.contacts.phone']
          .map(column)
          .join(''),
        rows,
      )
    : `<p class="empty">${e(t('desk.contacts.empty'))}</p>`
}`,
  );
}

/** Status pages: session expired, not found, form expired, something went wrong. */
export function messagePage(texts: DeskTexts, title: string, message: string): string {
  return layout(texts, title, `<h1>${e(title)}</h1>\n<p>${e(message)}</p>`);
}

/** The status pages' texts: [title key, message key] in desk.texts.ts. */
export const deskMessages = {
  signedOut: ['desk.signed-out.title', 'desk.signed-out'],
  notFound: ['desk.not-found.title', 'desk.not-found'],
  forbidden: ['desk.forbidden.title', 'desk.forbidden'],
  formExpired: ['desk.form-expired.title', 'desk.form-expired'],
  error: ['desk.error.title', 'desk.error'],
  badRequest: ['desk.bad-request.title', 'desk.bad-request'],
  unknownStatus: ['desk.unknown-status.title', 'desk.unknown-status'],
} as const;
