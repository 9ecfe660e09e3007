import type { DemoSummary } from './seed-demo-data';

const typeLabels = { agency: 'Agency', therapist: 'Therapist', manager: 'Manager' } as const;

/** Prints who the demo data created, as an aligned table, what their market holds, and how to sign in as them. */
export function printDemoSummary(summary: DemoSummary, log: (line: string) => void): void {
  const header = ['Type', 'Name', 'Email', 'Status'];
  const rows = summary.people.map((person) => [typeLabels[person.type], person.name, person.email, person.status]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column]!))
      .join('  ')
      .trimEnd();

  log(`Demo data created: ${countsByType(summary)}; ${summary.market.referrals} referrals and ${summary.market.visits} visits.`);
  log(line(header));
  log(line(widths.map((width) => '-'.repeat(width))));
  for (const row of rows) log(line(row));
  log('To sign in as one of them in development: open the site, choose Log in, and pick them under "Sign in as".');
  log('The approved ones have an authenticator factor, which that sign-in satisfies; nobody holds its secret.');
  log('The addresses use the reserved .test domain, so no mail sent to them reaches a real person.');
}

function countsByType(summary: DemoSummary): string {
  const count = (type: keyof typeof typeLabels) => summary.people.filter((person) => person.type === type).length;
  const plural = (n: number, word: string, words: string) => `${n} ${n === 1 ? word : words}`;
  return [
    plural(count('agency'), 'agency', 'agencies'),
    plural(count('therapist'), 'therapist', 'therapists'),
    plural(count('manager'), 'manager', 'managers'),
  ].join(', ');
}
