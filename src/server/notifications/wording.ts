import { serviceTypes } from '../../domain/accounts';
import { referralLabel } from '../../domain/referral-reference';
import { formatVisitTime } from '../visits/reminder-time';

/**
 * The words notifications share: who and what, never the patient. In-app notifications are also
 * read aloud by the bell's live region and their bodies go into reminder mail, so a referral is
 * always named by its reference and coarse place ("R-1042 · Austin, TX"), the form of the label
 * that is safe wherever it travels; the patient's name is never passed in.
 */

/** "R-1042 · Austin, TX". */
export function referralTag(referral: { referenceNumber: number; patientCity: string; patientState: string }): string {
  return referralLabel({ referenceNumber: referral.referenceNumber, city: referral.patientCity, state: referral.patientState });
}

/** "$150", or "$152.50" when there are cents. */
export function dollars(amount: number): string {
  return Number.isInteger(amount) ? `$${amount}` : `$${amount.toFixed(2)}`;
}

export function serviceName(serviceId: string): string {
  return serviceTypes.find((type) => type.id === serviceId)?.name ?? serviceId;
}

/**
 * The referral's services at `rates`: "Initial Evaluation $150, Treatment Session $100". With
 * `against`, a service whose rate differs says what it differs from: "Initial Evaluation $170
 * (offered $150)".
 */
export function ratesLine(
  services: readonly { serviceId: string }[],
  rates: Readonly<Record<string, number | undefined>>,
  against?: { rates: Readonly<Record<string, number | undefined>>; word: string },
): string {
  return services
    .flatMap(({ serviceId }) => {
      const rate = rates[serviceId];
      if (rate === undefined) return [];
      const other = against?.rates[serviceId];
      const compared = against && other !== undefined && other !== rate ? ` (${against.word} ${dollars(other)})` : '';
      return [`${serviceName(serviceId)} ${dollars(rate)}${compared}`];
    })
    .join(', ');
}

/** "Initial Evaluation on Tue, Nov 24 at 9:30 AM CST": the visit's service and start on the reader's clock. */
export function visitWhen(visit: { serviceName: string; scheduledStart: Date }, timeZone: string): string {
  return `${visit.serviceName} on ${formatVisitTime(visit.scheduledStart, timeZone)}`;
}
