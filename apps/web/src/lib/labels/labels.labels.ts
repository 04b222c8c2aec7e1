import { defineLabels } from './define-labels.js';

/** §4: the persistent notice when the labels call failed and English is shown. */
export const labelsFallbackLabels = defineLabels({
  'labels.fallback.notice':
    'Due to maintenance, this environment is currently only available in English. We apologize for any inconvenience.',
});
