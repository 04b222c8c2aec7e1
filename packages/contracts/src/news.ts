import { z } from 'zod';
import { utcDayStart } from './dates.js';
import { failWith, singleQueryValue, wholeNumberOf } from './query-values.js';
import { hasControlCharacters } from './text.js';
import {
  NEWS_DEFAULT_PAGE_SIZE,
  NEWS_MAX_PAGE,
  NEWS_MAX_PAGE_SIZE,
  NEWS_MAX_QUERY_LENGTH,
} from './values.js';

export const headerImageSchema = z.object({
  large: z.string(),
  medium: z.string(),
  small: z.string(),
});

/**
 * §3 News item as the list shows it (§2 News list: each card has the title, the publication
 * date and the header image; it links by title and id), and its sales flag (a one-word hint
 * of what the detail adds). publicationDate is epoch milliseconds. The list carries nothing
 * else (ADR 0022): a page of 30 with the bodies was
 * 30 KB the cards never show; the detail (`GET {news base}/{id}`) brings the rest.
 */
export const newsListItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  publicationDate: z.number(),
  headerImage: headerImageSchema.nullable(),
  sales: z.boolean(),
});
export type NewsListItem = z.infer<typeof newsListItemSchema>;
export const newsListSchema = z.array(newsListItemSchema);

/** §3 News item, whole: the answer of `GET {news base}/{id}` (§2 News detail). */
export const newsItemSchema = newsListItemSchema.extend({
  subtitle: z.string().nullable(),
  location: z.string().nullable(),
  introduction: z.string().nullable(),
  content: z.string(),
});
export type NewsItem = z.infer<typeof newsItemSchema>;

const DAY_MS = 24 * 60 * 60 * 1000;
// Years 1000-9999 keep every date a four-digit ISO date.
const MIN_EPOCH_MS = Date.UTC(1000, 0, 1);
const MAX_EPOCH_MS = Date.UTC(10_000, 0, 1) - 1;

/**
 * The query string of `GET {news base}`, as the server receives it: every value a string.
 * Two forms answer the same way (§7): `page, size, query, fromDateTime, toDateTime` (epoch ms
 * of the start and end of a day) and `page, pageSize, query, startDate, endDate` (ISO dates,
 * whole UTC days, both inclusive). Mixing the two forms is rejected.
 */
export const newsListQuerySchema = z
  .object({
    page: singleQueryValue('page'),
    size: singleQueryValue('size'),
    pageSize: singleQueryValue('pageSize'),
    query: singleQueryValue('query'),
    fromDateTime: singleQueryValue('fromDateTime'),
    toDateTime: singleQueryValue('toDateTime'),
    startDate: singleQueryValue('startDate'),
    endDate: singleQueryValue('endDate'),
  })
  .transform((raw, ctx) => {
    const fail = failWith(ctx);
    const epochForm =
      raw.size !== undefined || raw.fromDateTime !== undefined || raw.toDateTime !== undefined;
    const isoForm =
      raw.pageSize !== undefined || raw.startDate !== undefined || raw.endDate !== undefined;
    if (epochForm && isoForm) {
      return fail(
        'Use either size, fromDateTime and toDateTime or pageSize, startDate and endDate, not a mix of both forms',
      );
    }

    const page = wholeNumberOf(raw.page, 1);
    if (page === undefined || page < 1 || page > NEWS_MAX_PAGE) {
      return fail(`page must be a whole number from 1 to ${NEWS_MAX_PAGE}`);
    }
    const sizeName = isoForm ? 'pageSize' : 'size';
    const size = wholeNumberOf(isoForm ? raw.pageSize : raw.size, NEWS_DEFAULT_PAGE_SIZE);
    if (size === undefined || size < 1 || size > NEWS_MAX_PAGE_SIZE) {
      return fail(`${sizeName} must be a whole number from 1 to ${NEWS_MAX_PAGE_SIZE}`);
    }

    const query = raw.query?.trim() ?? '';
    if (query.length > NEWS_MAX_QUERY_LENGTH) {
      return fail(`query must be at most ${NEWS_MAX_QUERY_LENGTH} characters`);
    }
    if (hasControlCharacters(query)) {
      return fail('query must not contain control characters');
    }

    let from: number | undefined;
    let to: number | undefined;
    if (isoForm) {
      const start = isoDay(raw.startDate);
      if (start === null) return fail('startDate must be a date written as yyyy-mm-dd');
      const end = isoDay(raw.endDate);
      if (end === null) return fail('endDate must be a date written as yyyy-mm-dd');
      from = start;
      // Inclusive: up to the last millisecond of that UTC day.
      to = end === undefined ? undefined : end + DAY_MS - 1;
      if (from !== undefined && to !== undefined && from > to)
        return fail('startDate must not be after endDate');
    } else {
      const fromMs = epochMs(raw.fromDateTime);
      if (fromMs === null) return fail('fromDateTime must be a date as epoch milliseconds');
      const toMs = epochMs(raw.toDateTime);
      if (toMs === null) return fail('toDateTime must be a date as epoch milliseconds');
      from = fromMs;
      to = toMs;
      if (from !== undefined && to !== undefined && from > to) {
        return fail('fromDateTime must not be after toDateTime');
      }
    }

    return {
      page,
      size,
      ...(query ? { query } : {}),
      ...(from === undefined ? {} : { from }),
      ...(to === undefined ? {} : { to }),
    };
  });

/** A validated news list request: `from` and `to` are inclusive epoch-millisecond bounds. */
export type NewsListCriteria = z.output<typeof newsListQuerySchema>;

/** undefined = absent; null = not a date. */
function epochMs(value: string | undefined): number | null | undefined {
  if (value === undefined || value === '') return undefined;
  if (!/^-?\d{1,16}$/.test(value)) return null;
  const ms = Number(value);
  return ms >= MIN_EPOCH_MS && ms <= MAX_EPOCH_MS ? ms : null;
}

/** Start of the UTC day of an ISO yyyy-mm-dd date; undefined = absent; null = not a real date. */
function isoDay(value: string | undefined): number | null | undefined {
  if (value === undefined || value === '') return undefined;
  return utcDayStart(value);
}

/** The path parameters of `GET {news base}/:id`: ids are whole numbers (bigint identities). */
export const newsIdParamsSchema = z.object({
  id: z.string().regex(/^\d+$/, { error: 'The news id must be a whole number.' }),
});
