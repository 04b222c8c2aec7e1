import { withoutControlCharacters, type SupportPortal } from '@portico/contracts';
import { z } from 'zod';
import type { Queryable } from '../../db/db.js';
import { ForbiddenError, NotFoundError } from '../../lib/errors.js';
import { tokenStateOf, type IssuedAt } from '../user-management/index.js';
import { toCsv } from '../../lib/csv.js';
import { formatDateTime } from '../../lib/i18n/format.js';
import { chooseLanguage, textsFor, type Translate } from '../../lib/i18n/translate.js';
import {
  findCase,
  findDeskCaller,
  findDeskSessionCaller,
  insertCase,
  listCases,
  listCatalogueItems,
  listContacts,
  listPortals,
  type CatalogueItemRow,
  type ContactRow,
  type DeskCaller,
  type SupportCase,
} from './services.repository.js';

export type { DeskCaller, SupportCase };

export const CASE_STATUSES = ['New', 'In progress', 'Awaiting info', 'Resolved', 'Closed'] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];

/** Status filter values as they appear in the track-cases address (?status=in-progress). */
export const statusSlugs: Record<string, CaseStatus> = {
  new: 'New',
  'in-progress': 'In progress',
  'awaiting-info': 'Awaiting info',
  resolved: 'Resolved',
  closed: 'Closed',
};

export const CATEGORIES = [
  'Software defect',
  'Performance',
  'Access and sign-in',
  'Data issue',
  'Other',
] as const;
export const PRIORITIES = ['1 - Critical', '2 - High', '3 - Moderate', '4 - Low'] as const;
export const DEFAULT_PRIORITY = '3 - Moderate';
const SERVICE_REQUEST_PRIORITY = '4 - Low';
const SERVICE_REQUEST_CATEGORY = 'Service request';
/** The most cases one list page shows (newest first). */
export const CASE_LIST_LIMIT = 500;

/** The caller with their account; a token for a user that no longer exists is not found. */
export async function deskCallerOf(db: Queryable, userId: string): Promise<DeskCaller> {
  const row = await findDeskCaller(db, userId);
  if (!row) throw new NotFoundError('Your user profile was not found.');
  return row;
}

/**
 * The caller of a desk session, or null when the session no longer stands: the same rule as
 * a bearer token on /api (ADR 0027: Active, not revoked since the portal token that opened
 * the desk was issued), not ended by the desk's sign-out (ADR 0005, addendum), and the
 * provider's grant behind the portal token not revoked by a sign-out (ADR 0060).
 */
export async function deskSessionCallerOf(
  db: Queryable,
  session: { userId: string; sessionId: string; issued: IssuedAt; grantId: string | undefined },
): Promise<DeskCaller | null> {
  const row = await findDeskSessionCaller(db, session.userId, session.sessionId, session.grantId);
  if (!row || row.session_ended || row.grant_ended) return null;
  if (tokenStateOf(row, session.issued) !== 'valid') return null;
  const { userId, accountId, permissions, language, timeZone } = row;
  return { userId, accountId, permissions, language, timeZone };
}

export async function accountCases(
  db: Queryable,
  caller: DeskCaller,
  status?: CaseStatus,
): Promise<SupportCase[]> {
  return await listCases(db, caller.accountId, status, CASE_LIST_LIMIT);
}

const CASE_NUMBER = /^CS\d{7}$/;

/** A case of the caller's own account; any other (or a malformed number) is 404. */
export async function accountCase(
  db: Queryable,
  caller: DeskCaller,
  caseNumber: string,
): Promise<SupportCase> {
  const row = CASE_NUMBER.test(caseNumber)
    ? await findCase(db, caller.accountId, caseNumber)
    : undefined;
  if (!row) throw new NotFoundError(`There is no case ${caseNumber} on your account.`);
  return row;
}

// ---- Forms ------------------------------------------------------------------------------

/** Per field, the key of its message in desk.texts.ts (the page shows it in the reader's language). */
export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

export type FormResult<Field extends string, Value> =
  { ok: true; value: Value } | { ok: false; errors: FieldErrors<Field> };

/**
 * Form text: invisible control characters (a NUL cannot even be stored) are dropped rather
 * than refused, since the person could not see what to remove; tabs and line breaks stay.
 */
const text = (required: string, max: number, tooLong: string) =>
  z
    .string()
    .optional()
    .transform((v) => withoutControlCharacters(v ?? '').trim())
    .pipe(z.string().min(1, required).max(max, tooLong));

const incidentSchema = z.object({
  shortDescription: text(
    'desk.validation.short-description.required',
    160,
    'desk.validation.short-description.too-long',
  ),
  description: text(
    'desk.validation.description.required',
    4000,
    'desk.validation.description.too-long',
  ),
  category: z.enum(CATEGORIES, { error: 'desk.validation.category.required' }),
  priority: z.enum(PRIORITIES, { error: 'desk.validation.priority.required' }),
});
export type IncidentField = keyof z.input<typeof incidentSchema>;
export type Incident = z.output<typeof incidentSchema>;

const serviceRequestSchema = z.object({
  item: z
    .string({ error: 'desk.validation.service.required' })
    .min(1, 'desk.validation.service.required'),
  description: text(
    'desk.validation.service-description.required',
    4000,
    'desk.validation.description.too-long',
  ),
});
export type ServiceRequestField = keyof z.input<typeof serviceRequestSchema>;

function fieldErrors<Field extends string>(error: z.ZodError): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  for (const issue of error.issues) {
    const field = issue.path[0] as Field | undefined;
    if (field !== undefined && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}

/** Checks the incident form (§5: clear messages per field). */
export function validateIncident(
  body: Record<string, string>,
): FormResult<IncidentField, Incident> {
  const parsed = incidentSchema.safeParse(body);
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, errors: fieldErrors<IncidentField>(parsed.error) };
}

export async function createIncident(
  db: Queryable,
  caller: DeskCaller,
  incident: Incident,
): Promise<string> {
  return insertCase(db, {
    accountId: caller.accountId,
    createdBy: caller.userId,
    title: incident.shortDescription,
    description: incident.description,
    category: incident.category,
    priority: incident.priority,
  });
}

export function serviceCatalogue(db: Queryable): Promise<CatalogueItemRow[]> {
  return listCatalogueItems(db);
}

/** Checks the service-request form against the catalogue, then opens the case. */
export async function submitServiceRequest(
  db: Queryable,
  caller: DeskCaller,
  body: Record<string, string>,
  catalogue: readonly CatalogueItemRow[],
): Promise<FormResult<ServiceRequestField, string>> {
  const parsed = serviceRequestSchema.safeParse(body);
  const errors: FieldErrors<ServiceRequestField> = parsed.success
    ? {}
    : fieldErrors<ServiceRequestField>(parsed.error);
  const item = catalogue.find((i) => i.id === body.item);
  if (!item) errors.item ??= 'desk.validation.service.required';
  if (!parsed.success || !item) return { ok: false, errors };
  const number = await insertCase(db, {
    accountId: caller.accountId,
    createdBy: caller.userId,
    title: item.title,
    description: parsed.data.description,
    category: SERVICE_REQUEST_CATEGORY,
    priority: SERVICE_REQUEST_PRIORITY,
  });
  return { ok: true, value: number };
}

/** How a stored English value (status, category, priority) reads: its text, or as stored. */
export function caseValueText(t: Translate, prefix: string, value: string): string {
  const key = `${prefix}.${value
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}`;
  const text = t(key);
  return text === key ? value : text;
}

// ---- Download -----------------------------------------------------------------------------

/** The header of cases.csv: text keys, written in the reader's language (issue 27). */
const CSV_HEADER = [
  'desk.csv.number',
  'desk.column.short-description',
  'desk.incident.description',
  'desk.column.category',
  'desk.column.priority',
  'desk.column.status',
  'desk.csv.created-by',
  'desk.csv.created',
  'desk.column.updated',
] as const;

/**
 * §5/§6: all cases of the caller's account as CSV, for callers with both SUPPORT and
 * USERMANAGEMENT, in the reader's CSV dialect (lib/csv: separator and byte-order mark). Headers,
 * case values and dates follow the caller's profile language and time zone (issue 27).
 */
export async function casesCsv(db: Queryable, userId: string): Promise<string> {
  const caller = await deskCallerOf(db, userId);
  if (!caller.permissions.includes('SUPPORT') || !caller.permissions.includes('USERMANAGEMENT')) {
    throw new ForbiddenError(
      'Downloading all cases needs the SUPPORT and USERMANAGEMENT permissions.',
    );
  }
  const language = chooseLanguage({ profile: caller.language });
  const t = await textsFor(db, language);
  const when = (date: Date): string => formatDateTime(date, language, caller.timeZone);
  const rows = await listCases(db, caller.accountId, undefined, Number.MAX_SAFE_INTEGER);
  const records = rows.map((c) => [
    c.number,
    c.shortDescription,
    c.description,
    caseValueText(t, 'desk.category', c.category),
    caseValueText(t, 'desk.priority', c.priority),
    caseValueText(t, 'desk.status', c.status),
    c.createdBy ?? '',
    when(c.createdAt),
    when(c.updatedAt),
  ]);
  return toCsv(
    language,
    CSV_HEADER.map((key) => t(key)),
    records,
  );
}

/**
 * §7 `GET portals`: the other support portals, in their order. One source for the API call
 * and the desk's framed portals page (ADR 0070): both list the same portals.
 */
export async function supportPortals(db: Queryable): Promise<SupportPortal[]> {
  return (await listPortals(db)).map(({ id, name, description, url }) => ({
    id,
    name,
    description,
    url,
  }));
}

/** The desk's portals page: the portals of `GET /api/support/portals`, in the same order. */
export function deskPortals(db: Queryable): Promise<SupportPortal[]> {
  return supportPortals(db);
}

/** The desk's contacts page: the contacts of the caller's account. */
export function deskContacts(db: Queryable, accountId: string): Promise<ContactRow[]> {
  return listContacts(db, accountId);
}
