import { NEWS_EDITOR_PAGE_SIZE, type NewsEditorialSummary } from '@portico/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { Pagination } from '../../../components/ui/pagination/pagination.js';
import { paths } from '../../../config/paths.js';
import { useFormat } from '../../../lib/format/use-format.js';
import { useT } from '../../../lib/labels/use-t.js';
import { ColumnHeads } from '../../../components/ui/card-table/column-heads.js';

/** The editor's items, last changed first: title (to edit), state, dates and who changed it. */
export function EditorListPage({
  items,
  total,
  page,
  onPage,
}: {
  items: readonly NewsEditorialSummary[];
  total: number;
  page: number;
  onPage: (page: number) => void;
}) {
  const t = useT();
  const format = useFormat();
  return (
    <div className="news-editor">
      <p>
        <Link to={paths.news()}>{t('news-editor.back-to-news')}</Link>
      </p>
      <h1 className="ui-page-title">{t('news-editor.title')}</h1>
      <p>
        <Link className="ui-button" to={paths.newsEditorItem('new')}>
          {t('news-editor.new')}
        </Link>
      </p>
      {items.length === 0 ? (
        <p role="status">{t('news-editor.list.empty')}</p>
      ) : (
        <div
          className="news-editor__table-wrap"
          role="region"
          aria-label={t('news-editor.list.label')}
        >
          <table className="news-editor__table ui-card-table">
            <ColumnHeads
              labels={[
                t('news-editor.column.title'),
                t('news-editor.column.status'),
                t('news-editor.column.publication-date'),
                t('news-editor.column.author'),
                t('news-editor.column.updated'),
              ]}
            />
            <tbody>
              {items.map((item) => (
                <tr key={item.id}>
                  <td>
                    <Link to={paths.newsEditorItem(item.id)}>{item.title}</Link>
                  </td>
                  <td data-label={t('news-editor.column.status')}>
                    <span className={`ui-badge news-editor__badge--${item.status}`}>
                      {t(`news-editor.status.${item.status}`)}
                    </span>
                  </td>
                  <td data-label={t('news-editor.column.publication-date')}>
                    {format.dateTime(item.publicationDate)}
                  </td>
                  <td data-label={t('news-editor.column.author')}>{item.authorName}</td>
                  <td data-label={t('news-editor.column.updated')}>
                    {format.dateTime(item.updatedAt)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination
        currentPage={page}
        pageSize={NEWS_EDITOR_PAGE_SIZE}
        totalResults={total}
        onPageChange={onPage}
        scrollToTop
      />
    </div>
  );
}

/** Page state of the list (kept in the component: the list is short and rarely paged). */
export function useListPage(): [number, (page: number) => void] {
  return useState(1);
}
