import { ServicesPage } from './components/services-page.js';

/** The Support4U module (§2 services): every child route renders its frame page. */
export default function ServicesRoute() {
  return <ServicesPage />;
}
