import { useMemo } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { useFormat } from '../../../../lib/format/use-format.js';
import { QueryErrorState } from '../../../../components/ui/error-state/error-state.js';
import { useT } from '../../../../lib/labels/use-t.js';
import { useDocument, useDownloadDocument } from '../api/product-documents.js';
import { useRouteProduct } from '../hooks/use-route-product.js';
import { withTableOfContents } from '../utils/table-of-contents.js';
import { NotConnected } from './not-connected.js';
import '../documentation.labels.js';
import '../../../../components/ui/ui.css';
import '../documentation.css';

/** Where the list was (its query string), so "back" keeps the search and the filters. */
function listSearchOf(state: unknown): string {
  if (typeof state !== 'object' || state === null || !('listSearch' in state)) return '';
  const search = state.listSearch;
  return typeof search === 'string' && search.startsWith('?') ? search : '';
}

/**
 * One document (issue 13): the sanitised HTML (the one allow-list), a table of contents built
 * from its headings (links that move the focus to the heading), and a download.
 */
export function DocumentPage() {
  const t = useT();
  const format = useFormat();
  const location = useLocation();
  const { documentId = '' } = useParams();
  const product = useRouteProduct();
  const answer = useDocument(product.contentId, documentId);
  const download = useDownloadDocument();
  const document = answer.data?.kind === 'ok' ? answer.data.data : undefined;
  const body = useMemo(
    () => (document ? withTableOfContents(document.content) : { html: '', toc: [] }),
    [document],
  );

  const back = (
    <Link
      className="documentation__back"
      to={{ pathname: '..', search: listSearchOf(location.state) }}
      relative="path"
    >
      {t('documentation.document.back')}
    </Link>
  );

  if (answer.data?.kind === 'forbidden') {
    return (
      <div className="documentation">
        {back}
        <NotConnected productName={product.productName} />
      </div>
    );
  }
  if (answer.data?.kind === 'not-found') {
    return (
      <div className="documentation">
        {back}
        <p className="documentation__empty" role="alert">
          {t('documentation.document.not-found')}
        </p>
      </div>
    );
  }
  if (answer.isError) {
    return (
      <div className="documentation">
        {back}
        <QueryErrorState query={answer} />
      </div>
    );
  }
  if (!document) {
    return (
      <div className="documentation">
        {back}
        {answer.isFetching && (
          <span className="ui-spinner" role="status" aria-label={t('documentation.loading')} />
        )}
      </div>
    );
  }

  return (
    <article className="documentation documentation__document" aria-labelledby="document-title">
      {back}
      <h2 id="document-title" className="ui-page-title">
        {document.title}
      </h2>
      <p className="documentation__item-meta">
        {t('documentation.document.meta', {
          release: document.facets.release.label,
          documentType: document.facets.documentType.label,
          language: document.facets.language.label,
          date: format.calendarDate(document.publishedOn),
        })}
      </p>
      <button
        type="button"
        className="ui-control documentation__download"
        aria-label={t('documentation.document.download.label', { title: document.title })}
        disabled={download.isPending}
        onClick={() =>
          download.mutate({
            productId: product.contentId,
            documentId: document.id,
            title: document.title,
          })
        }
      >
        {t('documentation.document.download')}
      </button>
      <div className="documentation__document-layout">
        {body.toc.length > 0 && (
          <nav className="documentation__toc" aria-labelledby="document-toc">
            <h2 id="document-toc" className="documentation__toc-title">
              {t('documentation.document.toc')}
            </h2>
            <ol>
              {body.toc.map((entry) => (
                <li key={entry.id} className={`documentation__toc-item--h${entry.level}`}>
                  <a
                    href={`#${entry.id}`}
                    onClick={(event) => {
                      const target = window.document.getElementById(entry.id);
                      if (!target) return;
                      event.preventDefault();
                      target.scrollIntoView();
                      // The heading takes the focus, so keyboard users continue from there.
                      target.focus();
                      window.history.replaceState(window.history.state, '', `#${entry.id}`);
                    }}
                  >
                    {entry.text}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
        )}
        <div
          className="documentation__content"
          // Sanitised with the one allow-list in withTableOfContents (ADR 0019).
          dangerouslySetInnerHTML={{ __html: body.html }}
        />
      </div>
    </article>
  );
}
