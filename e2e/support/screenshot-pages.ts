/**
 * The pages the screenshots show (the layout test's and the screenshot tool's):
 * a file-name part and the path of each.
 */
export const SCREENSHOT_PAGES = [
  ['news', '/news'],
  ['user-management', '/user-management'],
  ['invoices', '/invoices'],
  ['cloud', '/cloud'],
  ['track-cases', '/services/track-cases'],
  ['my-solutions', '/my-solutions'],
] as const;
