import { Link } from 'react-router';
import { paths } from '../../../config/paths.js';
import { useT } from '../../../lib/labels/use-t.js';

/** Anyone but a vendor employee: a clear page, never a broken screen (the API answers 403). */
export function NoAccess() {
  const t = useT();
  return (
    <section className="ui-panel news-editor__no-access" aria-labelledby="news-editor-no-access">
      <h1 id="news-editor-no-access" className="ui-page-title">
        {t('news-editor.no-access.title')}
      </h1>
      <p>{t('news-editor.no-access.text')}</p>
      <p>
        <Link to={paths.news()}>{t('news-editor.back-to-news')}</Link>
      </p>
    </section>
  );
}
