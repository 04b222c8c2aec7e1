import { defineLabels } from '../../lib/labels/define-labels.js';

/** English defaults of University4U (§2 University page). */
export const universityLabels = defineLabels({
  'university.title': 'University4U',
  'university.intro':
    'Learn at your own pace: courses, learning paths and certifications for your Portico products, from first steps to expert level, online whenever it suits you.',
  'university.loading': 'Loading your learning options…',
  'university.profile-error':
    'Your learning options could not be loaded. Please reload the page to try again.',
  /** DOCEBO: the standard learning platform. */
  'university.button.standard': 'Go to the learning platform',
  /** DOCEBO_PARTNER: the partner learning platform (wins over DOCEBO). */
  'university.button.partner': 'Go to the partner learning platform',
  /** Neither permission: a second line with the catalogue link, and the legacy site. */
  'university.no-access.text': 'Your account does not include the learning platform yet.',
  'university.no-access.catalogue': 'Browse the course catalogue',
  'university.button.legacy': 'Go to the legacy learning site',
  'university.languages.label': 'Courses in other languages',
  'university.link.norwegian': 'Courses in Norwegian',
  'university.link.swedish': 'Courses in Swedish',
  'university.contact': 'Questions? Contact us at {{email}}',
  'university.new-window': '(opens in a new window)',
});
