import { defineLabels } from '../../lib/labels/define-labels.js';
import { useT } from '../../lib/labels/use-t.js';

defineLabels({ 'support.placeholder': 'Support4U' });

/** Placeholder: built by issue 5. */
export default function ServicesRoute() {
  const t = useT();
  return <h1>{t('support.placeholder')}</h1>;
}
