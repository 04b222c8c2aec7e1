import { defineLabels } from '../../lib/labels/define-labels.js';
import { useT } from '../../lib/labels/use-t.js';

defineLabels({ 'search.title': 'Search results' });

/** Placeholder for the search results module (§2 search; built by a later issue). */
export default function SearchRoute() {
  const t = useT();
  return <h1>{t('search.title')}</h1>;
}
