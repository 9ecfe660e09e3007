/** "$75-$120" — the marketing price ranges in src/domain/site.ts, written the way the pages quote them. */
export function formatPriceRange(range: { min: number; max: number }): string {
  return `$${range.min}-$${range.max}`;
}
