import { defineLabels } from '../../lib/labels/define-labels.js';

/** English defaults of /download-report-engine (§2). */
export const reportEngineLabels = defineLabels({
  'report-engine.title': 'Report engine download',
  'report-engine.document.loading': 'Loading the description…',
  'report-engine.document.error':
    'The description could not be loaded. You can still download the report engine below.',
  'report-engine.download.hint': 'Your download starts by itself. If it does not, use this link:',
  'report-engine.download.link': 'Download the report engine',
});
