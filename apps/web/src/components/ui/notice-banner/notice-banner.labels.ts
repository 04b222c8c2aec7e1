import { defineLabels } from '../../../lib/labels/define-labels.js';

/** English defaults for the notice banner (§2 Shared widgets, §4 Notice banner). */
export const noticeBannerLabels = defineLabels({
  'notice-banner.label': 'Notice',
  'notice-banner.close': 'Close notice',
  'notice-banner.dont-show-again': "Don't show me this again",
});
