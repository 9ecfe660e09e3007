/** How dashboard figures read: "45 min", "3 h 10 min", "2 d 4 h"; "86%"; "$1,234.50". */
export function formatDuration(minutes: number): string {
  const total = Math.max(0, Math.round(minutes));
  if (total < 60) return `${total} min`;
  if (total < 24 * 60) {
    const rest = total % 60;
    return rest === 0 ? `${Math.floor(total / 60)} h` : `${Math.floor(total / 60)} h ${rest} min`;
  }
  const hours = Math.floor((total % (24 * 60)) / 60);
  return hours === 0 ? `${Math.floor(total / (24 * 60))} d` : `${Math.floor(total / (24 * 60))} d ${hours} h`;
}

export function formatPercent(rate: number): string {
  return `${Math.round(rate * 100)}%`;
}
