import type { LabelLanguage } from '@portico/locales';
import { formatAmount } from '../../lib/i18n/format.js';

/**
 * "17887500.00", "NOK", de → "17.887.500,00 NOK" (the form printed on invoices). The PDF's
 * standard fonts know WinAnsi only: the narrow no-break space some languages group with
 * (fr, pl, sv, no) becomes a no-break space.
 */
export function formatMoney(amount: string, currency: string, language: LabelLanguage): string {
  return formatAmount(amount, currency, language).replace(/\u202f/g, '\u00a0');
}
