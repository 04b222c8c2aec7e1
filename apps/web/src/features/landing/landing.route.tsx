import { useLocation } from 'react-router';
import { LandingPage } from './components/landing-page.js';
import { landingPageFor } from './landing-pages.js';

/** /resources, /salespartners, /marketplace and /billingplatform (§2): one module, one table. */
export default function LandingRoute() {
  const page = landingPageFor(useLocation().pathname);
  // The router sends only the table's paths here.
  if (!page) return null;
  return <LandingPage page={page} />;
}
