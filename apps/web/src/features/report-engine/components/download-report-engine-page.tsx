import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef } from 'react';
import { infoDocumentQueryOptions } from '../../../components/ui/modal/info-document-query.js';
import { getConfig } from '../../../config/runtime-config.js';
import { useT } from '../../../lib/labels/use-t.js';
import { sanitizeDocumentHtml } from '../utils/sanitize-document-html.js';
import '../report-engine.labels.js';
import '../../../components/ui/ui.css';
import '../report-engine.css';

/** §2 download-report-engine: the content document shown above the download link. */
export const REPORT_ENGINE_DOCUMENT = 'download-erpx-description';

function ReportEngineDocument() {
  const t = useT();
  const titleId = useId();
  const doc = useQuery(infoDocumentQueryOptions(REPORT_ENGINE_DOCUMENT));
  const html = useMemo(() => (doc.data ? sanitizeDocumentHtml(doc.data.content) : ''), [doc.data]);

  if (doc.isError) {
    // The http client already raised the §8 notification; this says what is missing here.
    return (
      <p className="report-engine__status" role="alert">
        {t('report-engine.document.error')}
      </p>
    );
  }
  if (!doc.data) {
    return (
      <p className="report-engine__status" role="status">
        {t('report-engine.document.loading')}
      </p>
    );
  }
  return (
    <article className="report-engine__document" aria-labelledby={titleId}>
      <h2 id={titleId} className="report-engine__document-title">
        {doc.data.title}
      </h2>
      <div className="report-engine__document-body" dangerouslySetInnerHTML={{ __html: html }} />
    </article>
  );
}

/**
 * §2 download-report-engine: the description document and a download link that is clicked
 * automatically, once per visit: a re-render, or StrictMode running the effect twice, must not
 * start a second download (the ref survives both). The link stays for a manual retry.
 */
export function DownloadReportEnginePage() {
  const t = useT();
  const href = getConfig().links.reportEngineDownload;
  const link = useRef<HTMLAnchorElement>(null);
  const clicked = useRef(false);

  useEffect(() => {
    if (clicked.current) return;
    clicked.current = true;
    link.current?.click();
  }, []);

  return (
    <div className="report-engine">
      <h1 className="ui-page-title">{t('report-engine.title')}</h1>
      <ReportEngineDocument />
      <p className="report-engine__download ui-panel">
        {t('report-engine.download.hint')}{' '}
        <a ref={link} className="report-engine__link" href={href} download>
          {t('report-engine.download.link')}
        </a>
      </p>
    </div>
  );
}
