import { UniversityPage } from './components/university-page.js';

/** /university (§2): University4U, the information page with the learning-platform button. */
export default function UniversityRoute() {
  return <UniversityPage />;
}
