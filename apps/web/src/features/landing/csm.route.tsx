import { defineLabels } from '../../lib/labels/define-labels.js';
import { useT } from '../../lib/labels/use-t.js';

defineLabels({ 'csm.placeholder': 'Support portal' });

/** Placeholder: built by issue 5 (§2 csm: the whole window goes to the support portal). */
export default function CsmRoute() {
  const t = useT();
  return <p>{t('csm.placeholder')}</p>;
}
