import { Link, useParams } from 'react-router';
import { QueryErrorState } from '../../components/ui/error-state/error-state.js';
import { paths, routeParams } from '../../config/paths.js';
import { HttpError } from '../../lib/http/http-error.js';
import { useT } from '../../lib/labels/use-t.js';
import { useEditorialItem, useEditorialList, useProductChoices } from './api/news-editor-api.js';
import { EditorListPage, useListPage } from './components/editor-list-page.js';
import { NewsEditorForm } from './components/news-editor-form.js';
import { NoAccess } from './components/no-access.js';
import './news-editor.labels.js';
import '../../components/ui/ui.css';
import './news-editor.css';

/**
 * The news editor (issue 12; lazy, its own chunk with the rich-text editor): the list at
 * /news/editor, a new item at /news/editor/new, an item at /news/editor/{id}. Anyone but a
 * vendor employee gets the no-access page (the API answers them 403). Page data that failed
 * is the §8 error state with a retry (issue 27); only a 404 says there is no such item.
 */
export default function NewsEditorRoute() {
  const t = useT();
  const params = useParams();
  const [page, setPage] = useListPage();
  const list = useEditorialList(page);
  const idParam = params[routeParams.newsId];
  const onForm = idParam !== undefined;
  const id = idParam === undefined || idParam === 'new' ? null : Number(idParam);
  const validId = id === null || (Number.isSafeInteger(id) && id > 0);
  const item = useEditorialItem(validId ? id : null);
  const products = useProductChoices(onForm);

  if (list.data === 'no-access' || item.data === 'no-access' || products.data === 'no-access') {
    return <NoAccess />;
  }
  const itemMissing = item.error instanceof HttpError && item.error.status === 404;
  if (onForm && (!validId || itemMissing)) {
    return (
      <div className="news-editor">
        <p role="alert">{t('news-editor.not-found')}</p>
        <Link to={paths.newsEditor()}>{t('news-editor.back-to-list')}</Link>
      </div>
    );
  }
  const failed = [list, ...(onForm ? [item, products] : [])].find((query) => query.isError);
  if (failed) {
    return <QueryErrorState query={failed} />;
  }
  if (!list.data || (onForm && (!products.data || (id !== null && !item.data)))) {
    return (
      <p role="status" className="news-editor__loading">
        {t('news-editor.title')}…
      </p>
    );
  }
  if (!onForm) {
    return (
      <EditorListPage
        items={list.data.items}
        total={list.data.total}
        page={page}
        onPage={setPage}
      />
    );
  }
  return <NewsEditorForm key={idParam} item={item.data ?? null} products={products.data ?? []} />;
}
