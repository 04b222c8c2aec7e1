const grouped = new Intl.NumberFormat('en-GB', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** "17887500.00", "NOK" → "NOK 17,887,500.00" (the form printed on invoices and exports). */
export function formatMoney(amount: string, currency: string): string {
  return `${currency} ${grouped.format(Number(amount))}`;
}
