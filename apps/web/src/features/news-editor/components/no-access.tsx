import { Link } from 'react-router';
import { NoAccessPage } from '../../../components/ui/no-access/no-access.js';
import { paths } from '../../../config/paths.js';
import { useT } from '../../../lib/labels/use-t.js';

/** Anyone but a vendor employee: a clear page, never a broken screen (the API answers 403). */
export function NoAccess() {
  const t = useT();
  return (
    <NoAccessPage title={t('news-editor.no-access.title')} text={t('news-editor.no-access.text')}>
      <p>
        <Link to={paths.news()}>{t('news-editor.back-to-news')}</Link>
      </p>
    </NoAccessPage>
  );
}
