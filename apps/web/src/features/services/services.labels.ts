import { defineLabels } from '../../lib/labels/define-labels.js';

/**
 * English defaults of Support4U (§2 services). Page titles are `support.title.{route path}`;
 * the server's labels win over these (§7). `{{caseNo}}` is the case of track-case.
 */
export const servicesLabels = defineLabels({
  'support.title.incident': 'Report an incident',
  'support.title.service-request': 'Request a service',
  'support.title.track-cases': 'Track cases',
  'support.title.track-case': 'Case {{caseNo}}',
  'support.title.portals': 'Support portals',
  'support.title.contacts': 'Support contacts',
  'support.frame.loading': 'Loading the support page…',
  'support.frame.retry': 'Try again',
  'support.download.all': 'Download all cases',
  'support.download.running': 'Downloading all cases…',
});
