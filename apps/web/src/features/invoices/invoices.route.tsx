import { InvoicesPage } from './components/invoices-page.js';

/** The invoices module (issue 14): one page at /invoices. */
export default function InvoicesRoute() {
  return <InvoicesPage />;
}
