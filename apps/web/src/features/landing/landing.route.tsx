import { defineLabels } from '../../lib/labels/define-labels.js';
import { useT } from '../../lib/labels/use-t.js';

defineLabels({ 'landing.placeholder': 'Landing page' });

/** Placeholder: built by issue 5. */
export default function LandingRoute() {
  const t = useT();
  return <h1>{t('landing.placeholder')}</h1>;
}
