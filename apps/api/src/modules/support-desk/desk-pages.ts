import { escapeHtml, safeHref } from '../../lib/html.js';
import type { CatalogueItemRow, ContactRow, PortalRow } from './support-desk.repository.js';
import {
  CATEGORIES,
  INVALID_DATA,
  PRIORITIES,
  statusSlugs,
  type FieldErrors,
  type SupportCase,
} from './support-desk.service.js';

// The built-in support desk's server-rendered pages (issue 5). No inline script or style:
// they live under the site CSP; the one stylesheet is served from ./assets. Every control
// has a label, errors are listed in a summary that links to each field, and forms re-render
// what was typed.

export const DESK_PREFIX = '/support-desk';
export const STYLESHEET_PATH = `${DESK_PREFIX}/assets/support-desk.css`;
export const CSRF_FIELD = '_csrf';

const e = escapeHtml;

function layout(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${e(title)} | Support desk</title>
<link rel="stylesheet" href="${STYLESHEET_PATH}">
</head>
<body>
<main class="desk">
${body}
</main>
</body>
</html>
`;
}

function time(date: Date): string {
  const iso = date.toISOString();
  return `<time datetime="${iso}">${iso.slice(0, 16).replace('T', ' ')} UTC</time>`;
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
  errors: Record<string, string | undefined>,
  anchors: Record<string, string>,
): string {
  const entries = Object.entries(errors).filter((entry): entry is [string, string] => !!entry[1]);
  if (entries.length === 0) return '';
  const items = entries
    .map(([field, message]) =>
      // 'form' is about the whole form (an expired CSRF token): no field to jump to.
      field === 'form'
        ? `<li>${e(message)}</li>`
        : `<li><a href="#${e(anchors[field] ?? field)}">${e(message)}</a></li>`,
    )
    .join('\n');
  // autofocus moves focus to the summary after a failed submit, so it is read out first.
  return `<div class="error-summary" role="alert" aria-labelledby="error-summary-title" tabindex="-1" autofocus>
<h2 id="error-summary-title">There is a problem</h2>
<p>${e(INVALID_DATA)}</p>
<ul>
${items}
</ul>
</div>
`;
}

interface FieldOptions {
  id: string;
  label: string;
  hint?: string;
  error: string | undefined;
  control: (describedBy: string, invalid: string) => string;
}

function field({ id, label, hint, error, control }: FieldOptions): string {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  const describedBy = ids ? ` aria-describedby="${ids}"` : '';
  const invalid = error ? ' aria-invalid="true"' : '';
  return `<div class="field${error ? ' field--error' : ''}">
<label for="${id}">${e(label)} <span class="required" aria-hidden="true">*</span></label>
${hint ? `<p class="hint" id="${id}-hint">${e(hint)}</p>\n` : ''}${error ? `<p class="field-error" id="${id}-error"><span class="visually-hidden">Error: </span>${e(error)}</p>\n` : ''}${control(describedBy, invalid)}
</div>`;
}

function options(values: readonly string[], selected: string, placeholder?: string): string {
  const first = placeholder
    ? `<option value=""${selected === '' ? ' selected' : ''}>${e(placeholder)}</option>\n`
    : '';
  return (
    first +
    values
      .map((v) => `<option value="${e(v)}"${v === selected ? ' selected' : ''}>${e(v)}</option>`)
      .join('\n')
  );
}

const requiredNote =
  '<p class="note">Fields marked <span aria-hidden="true">*</span><span class="visually-hidden">with an asterisk</span> are required.</p>';

export interface IncidentPageOptions {
  csrf: string;
  values: Record<string, string>;
  errors: FieldErrors<string>;
}

export function incidentPage({ csrf, values, errors }: IncidentPageOptions): string {
  const v = (name: string) => values[name] ?? '';
  return layout(
    `${Object.keys(errors).length ? 'Error: ' : ''}Report an incident`,
    `<h1>Report an incident</h1>
${errorSummary(errors, {})}<p>Tell us what went wrong. We answer according to the priority you choose.</p>
${requiredNote}
<form method="post" action="${DESK_PREFIX}/incident" novalidate>
<input type="hidden" name="${CSRF_FIELD}" value="${e(csrf)}">
${field({
  id: 'shortDescription',
  label: 'Short description',
  hint: 'One line, at most 160 characters.',
  error: errors.shortDescription,
  control: (d, i) =>
    `<input id="shortDescription" name="shortDescription" type="text" aria-required="true" autocomplete="off" value="${e(v('shortDescription'))}"${d}${i}>`,
})}
${field({
  id: 'description',
  label: 'Description',
  hint: 'What happened, what you expected, and the steps to see it again.',
  error: errors.description,
  control: (d, i) =>
    `<textarea id="description" name="description" rows="8" aria-required="true"${d}${i}>${e(v('description'))}</textarea>`,
})}
${field({
  id: 'category',
  label: 'Category',
  error: errors.category,
  control: (d, i) =>
    `<select id="category" name="category" aria-required="true"${d}${i}>\n${options(CATEGORIES, v('category'), 'Choose a category')}\n</select>`,
})}
${field({
  id: 'priority',
  label: 'Priority',
  error: errors.priority,
  control: (d, i) =>
    `<select id="priority" name="priority" aria-required="true"${d}${i}>\n${options(PRIORITIES, v('priority'), 'Choose a priority')}\n</select>`,
})}
<button type="submit" class="button">Submit incident</button>
</form>`,
  );
}

export interface ServiceRequestPageOptions {
  csrf: string;
  catalogue: readonly CatalogueItemRow[];
  values: Record<string, string>;
  errors: FieldErrors<string>;
}

export function serviceRequestPage({
  csrf,
  catalogue,
  values,
  errors,
}: ServiceRequestPageOptions): string {
  const selected = values.item ?? '';
  const firstItemId = catalogue[0] ? `item-${catalogue[0].id}` : 'description';
  const itemError = errors.item;
  const choices = catalogue
    .map((item) => {
      const id = `item-${item.id}`;
      const checked = item.id === selected ? ' checked' : '';
      return `<div class="choice">
<input type="radio" id="${e(id)}" name="item" value="${e(item.id)}" aria-describedby="${e(id)}-hint"${checked}>
<label for="${e(id)}">${e(item.title)} <span class="tag">${e(item.category)}</span></label>
<p class="hint" id="${e(id)}-hint">${e(item.description)}</p>
</div>`;
    })
    .join('\n');
  return layout(
    `${Object.keys(errors).length ? 'Error: ' : ''}Request a service`,
    `<h1>Request a service</h1>
${errorSummary(errors, { item: firstItemId })}<p>Choose a service from the catalogue and tell us what you need.</p>
${requiredNote}
<form method="post" action="${DESK_PREFIX}/service-request" novalidate>
<input type="hidden" name="${CSRF_FIELD}" value="${e(csrf)}">
<fieldset class="field${itemError ? ' field--error' : ''}"${itemError ? ' aria-describedby="item-error"' : ''}>
<legend>Service <span class="required" aria-hidden="true">*</span></legend>
${itemError ? `<p class="field-error" id="item-error"><span class="visually-hidden">Error: </span>${e(itemError)}</p>\n` : ''}${choices}
</fieldset>
${field({
  id: 'description',
  label: 'What do you need?',
  hint: 'Names, dates and anything else we need to fulfil the request.',
  error: errors.description,
  control: (d, i) =>
    `<textarea id="description" name="description" rows="6" aria-required="true"${d}${i}>${e(values.description ?? '')}</textarea>`,
})}
<button type="submit" class="button">Submit request</button>
</form>`,
  );
}

function caseHref(number: string): string {
  return `${DESK_PREFIX}/track-case/${encodeURIComponent(number)}`;
}

export function trackCasesPage(cases: readonly SupportCase[], statusSlug: string): string {
  const filterOptions = [
    `<option value=""${statusSlug === '' ? ' selected' : ''}>All statuses</option>`,
    ...Object.entries(statusSlugs).map(
      ([slug, status]) =>
        `<option value="${slug}"${slug === statusSlug ? ' selected' : ''}>${e(status)}</option>`,
    ),
  ].join('\n');
  const rows = cases
    .map(
      (c) => `<tr>
<th scope="row"><a href="${caseHref(c.number)}">${e(c.number)}</a></th>
<td>${e(c.shortDescription)}</td>
<td>${e(c.category)}</td>
<td>${e(c.priority)}</td>
<td><span class="status">${e(c.status)}</span></td>
<td>${time(c.updatedAt)}</td>
</tr>`,
    )
    .join('\n');
  const count = cases.length === 1 ? '1 case' : `${cases.length} cases`;
  const table = cases.length
    ? scrollingTable(
        'cases',
        'Cases of your account',
        '<th scope="col">Case</th><th scope="col">Short description</th><th scope="col">Category</th><th scope="col">Priority</th><th scope="col">Status</th><th scope="col">Updated</th>',
        rows,
      )
    : '<p class="empty">No cases match this filter.</p>';
  return layout(
    'Track cases',
    `<h1>Track cases</h1>
<form method="get" action="${DESK_PREFIX}/track-cases" class="filter">
<label for="status">Status</label>
<select id="status" name="status">
${filterOptions}
</select>
<button type="submit" class="button button--secondary">Filter</button>
</form>
<p class="count" role="status">${count}</p>
${table}`,
  );
}

export function casePage(supportCase: SupportCase, created: boolean): string {
  const c = supportCase;
  const notice = created
    ? `<div class="notice" role="status"><p>Your case ${e(c.number)} was created. We will get back to you soon.</p></div>\n`
    : '';
  return layout(
    `Case ${c.number}`,
    `${notice}<h1>Case ${e(c.number)}: ${e(c.shortDescription)}</h1>
<dl class="details">
<dt>Status</dt><dd><span class="status">${e(c.status)}</span></dd>
<dt>Priority</dt><dd>${e(c.priority)}</dd>
<dt>Category</dt><dd>${e(c.category)}</dd>
<dt>Created by</dt><dd>${e(c.createdBy ?? 'Support')}</dd>
<dt>Created</dt><dd>${time(c.createdAt)}</dd>
<dt>Updated</dt><dd>${time(c.updatedAt)}</dd>
</dl>
<h2>Description</h2>
<p class="description">${e(c.description)}</p>
<p><a href="${DESK_PREFIX}/track-cases">Back to all cases</a></p>`,
  );
}

export function portalsPage(portals: readonly PortalRow[]): string {
  const items = portals
    .map(
      (p) => `<li class="card">
<h2><a href="${safeHref(p.url)}" target="_blank" rel="noopener noreferrer">${e(p.name)}<span class="visually-hidden"> (opens in a new tab)</span></a></h2>
<p>${e(p.description)}</p>
</li>`,
    )
    .join('\n');
  return layout(
    'Support portals',
    `<h1>Support portals</h1>
${portals.length ? `<ul class="cards">\n${items}\n</ul>` : '<p class="empty">There are no support portals.</p>'}`,
  );
}

export function contactsPage(contacts: readonly ContactRow[]): string {
  const rows = contacts
    .map(
      (c) => `<tr>
<th scope="row">${e(c.name)}</th>
<td>${e(c.role)}</td>
<td><a href="${safeHref(`mailto:${c.email}`)}">${e(c.email)}</a></td>
<td>${c.phone_number ? e(c.phone_number) : '<span class="visually-hidden">No phone number</span>'}</td>
</tr>`,
    )
    .join('\n');
  return layout(
    'Contacts',
    `<h1>Contacts</h1>
<p>The people of your account who work with our support team.</p>
${
  contacts.length
    ? scrollingTable(
        'contacts',
        'Contacts of your account',
        '<th scope="col">Name</th><th scope="col">Role</th><th scope="col">Email</th><th scope="col">Phone</th>',
        rows,
      )
    : '<p class="empty">Your account has no contacts yet.</p>'
}`,
  );
}

/** Status pages: session expired, not found, form expired, something went wrong. */
export function messagePage(title: string, message: string): string {
  return layout(title, `<h1>${e(title)}</h1>\n<p>${e(message)}</p>`);
}

export const deskMessages = {
  signedOut: ['Your support session has expired', 'Reload this page in the portal to continue.'],
  notFound: ['Page not found', 'There is nothing at this address in the support desk.'],
  formExpired: [
    'This form has expired',
    'Reload the page and submit the form again. Nothing was saved.',
  ],
  error: ['Something went wrong', 'Something went wrong on our side. Please try again later.'],
} as const;
