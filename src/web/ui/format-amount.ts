const amountFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** An amount of money owed or paid, always with cents: "$1,234.50". (Per-visit rates use formatRate.) */
export function formatAmount(amount: number): string {
  return amountFormat.format(amount);
}
