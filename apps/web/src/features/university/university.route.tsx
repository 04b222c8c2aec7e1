import { defineLabels } from '../../lib/labels/define-labels.js';
import { useT } from '../../lib/labels/use-t.js';

defineLabels({ 'university.placeholder': 'University4U' });

/** Placeholder: built by issue 5. */
export default function UniversityRoute() {
  const t = useT();
  return <h1>{t('university.placeholder')}</h1>;
}
