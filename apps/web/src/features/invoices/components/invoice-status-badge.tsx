import type { InvoiceStatus } from '@portico/contracts';
import { useT } from '../../../lib/labels/use-t.js';

const MODIFIER: Record<InvoiceStatus, string> = {
  OVERDUE: 'overdue',
  OPEN: 'open',
  OPEN_DIRECT_DEBIT: 'open',
  PAID: 'paid',
};

/** §3 status as a badge: its text always, its colour as a second cue (never the only one). */
export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  const t = useT();
  return (
    <span className={`ui-badge invoice-status--${MODIFIER[status]}`}>
      {t(`invoices.status.${status}`)}
    </span>
  );
}
