const dollarFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 2 });
const centsFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A per-visit rate: "$150", or "$150.50" when there are cents (never "$150.5"). Rates are whole dollars nearly always. */
export function formatRate(value: number): string {
  return Number.isInteger(value) ? dollarFormat.format(value) : centsFormat.format(value);
}
