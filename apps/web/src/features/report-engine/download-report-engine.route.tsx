import { defineLabels } from '../../lib/labels/define-labels.js';
import { useT } from '../../lib/labels/use-t.js';

defineLabels({ 'report-engine.placeholder': 'Download report engine' });

/** Placeholder: built by issue 5. */
export default function DownloadReportEngineRoute() {
  const t = useT();
  return <h1>{t('report-engine.placeholder')}</h1>;
}
