import { defineLabels } from '../../lib/labels/define-labels.js';
import { useT } from '../../lib/labels/use-t.js';

defineLabels({ 'news.title': 'News' });

/** Placeholder for the news module (issue 2 §5: a plain heading until the news issue lands). */
export default function NewsRoute() {
  const t = useT();
  return <h1>{t('news.title')}</h1>;
}
