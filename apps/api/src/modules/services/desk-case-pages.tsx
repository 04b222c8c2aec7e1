import type { ReactNode } from 'react';
import { caseValueText as valueText, statusSlugs, type SupportCase } from './services.service.js';
import {
  DateTime,
  DESK_PREFIX,
  renderDeskPage,
  ScrollingTable,
  type DeskTexts,
} from './desk-page-parts.js';

// The desk's case pages (issue 5): the account's cases with a status filter, and one case.

const caseHref = (number: string): string =>
  `${DESK_PREFIX}/track-case/${encodeURIComponent(number)}`;

const caseColumns = [
  'desk.column.case',
  'desk.column.short-description',
  'desk.column.category',
  'desk.column.priority',
  'desk.column.status',
  'desk.column.updated',
] as const;

export function trackCasesPage(
  texts: DeskTexts,
  cases: readonly SupportCase[],
  statusSlug: string,
): string {
  const { t } = texts;
  return renderDeskPage(texts, {
    heading: t('desk.track-cases.title'),
    children: (
      <>
        {/* The app's field and secondary button (issue 37); a framed page runs no script. */}
        <form method="get" action={`${DESK_PREFIX}/track-cases`} className="filter">
          <div className="ui-field">
            <label htmlFor="status">{t('desk.track-cases.status')}</label>
            <select className="ui-control" id="status" name="status" defaultValue={statusSlug}>
              <option value="">{t('desk.track-cases.all-statuses')}</option>
              {Object.entries(statusSlugs).map(([slug, status]) => (
                <option value={slug} key={slug}>
                  {valueText(t, 'desk.status', status)}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="ui-button ui-button--secondary">
            {t('desk.track-cases.filter')}
          </button>
        </form>
        <p className="count" role="status">
          {t('desk.track-cases.count', { count: cases.length })}
        </p>
        {cases.length ? (
          <ScrollingTable
            className="cases"
            caption={t('desk.track-cases.caption')}
            columns={caseColumns.map((key) => t(key))}
          >
            {cases.map((c) => (
              <tr key={c.number}>
                <th scope="row">
                  <a href={caseHref(c.number)}>{c.number}</a>
                </th>
                <td>{c.shortDescription}</td>
                <td>{valueText(t, 'desk.category', c.category)}</td>
                <td>{valueText(t, 'desk.priority', c.priority)}</td>
                <td>
                  <span className="status">{valueText(t, 'desk.status', c.status)}</span>
                </td>
                <td>
                  <DateTime texts={texts} date={c.updatedAt} />
                </td>
              </tr>
            ))}
          </ScrollingTable>
        ) : (
          <p className="empty">{t('desk.track-cases.empty')}</p>
        )}
      </>
    ),
  });
}

export function casePage(texts: DeskTexts, supportCase: SupportCase, created: boolean): string {
  const { t } = texts;
  const c = supportCase;
  const details: readonly [string, ReactNode][] = [
    ['desk.case.status', <span className="status">{valueText(t, 'desk.status', c.status)}</span>],
    ['desk.case.priority', valueText(t, 'desk.priority', c.priority)],
    ['desk.case.category', valueText(t, 'desk.category', c.category)],
    ['desk.case.created-by', c.createdBy ?? t('desk.case.created-by.support')],
    ['desk.case.created', <DateTime texts={texts} date={c.createdAt} />],
    ['desk.case.updated', <DateTime texts={texts} date={c.updatedAt} />],
  ];
  return renderDeskPage(texts, {
    heading: t('desk.case.heading', { number: c.number, title: c.shortDescription }),
    documentTitle: t('desk.case.title', { number: c.number }),
    children: (
      <>
        {created && (
          <div className="notice" role="status">
            <p>{t('desk.case.created-notice', { number: c.number })}</p>
          </div>
        )}
        {/* The portal's heading names the case by its number; this says what it is about. */}
        <p className="lead">{c.shortDescription}</p>
        <dl className="details">
          {details.map(([key, value]) => (
            <div className="details__row" key={key}>
              <dt>{t(key)}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <h2>{t('desk.case.description')}</h2>
        <p className="description">{c.description}</p>
        <p>
          <a href={`${DESK_PREFIX}/track-cases`}>{t('desk.case.back')}</a>
        </p>
      </>
    ),
  });
}
