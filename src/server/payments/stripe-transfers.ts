import type Stripe from 'stripe';
import { PaymentDeclinedError, toCents, type PaymentProvider, type ProviderResult } from './provider';
import { callStripe, idOf } from './stripe-client';

type PayoutInput = Parameters<PaymentProvider['payTherapist']>[0];

/**
 * The therapist's payout: a transfer to their connected account drawn from the agency's charge,
 * under the visit's transfer group.
 */
export async function payTherapist(stripe: Stripe, input: PayoutInput): Promise<ProviderResult> {
  const { visitId, therapistId, amount, idempotencyKey, destinationAccount, sourceCharge, attempt } = input;
  if (!destinationAccount) throw new PaymentDeclinedError('The therapist has not finished payment onboarding.');
  // The payout job waits for the agency's charge; reaching here without one is a bug.
  if (!sourceCharge) throw new Error(`visit ${visitId}: no agency charge to transfer from`);
  const transferGroup = `visit-${visitId}`;
  if (attempt > 1) {
    // A retry after a failure: an earlier attempt may have made the transfer although its answer
    // was lost (then it failed as unreachable), and Stripe forgets idempotency keys after 24
    // hours, so the key alone cannot be trusted to find it. Stripe's own list of the visit's
    // transfers can: a live one to this therapist is the payout, and nothing is created.
    const earlier = await findLiveTransfer(stripe, transferGroup, destinationAccount);
    if (earlier) return { reference: earlier.id, status: 'paid' };
  }
  const transfer = await callStripe(() =>
    stripe.transfers.create(
      {
        amount: toCents(amount),
        currency: 'usd',
        destination: destinationAccount,
        // Drawn from the agency's charge: if that charge is refunded or disputed, the platform is not out of pocket first.
        source_transaction: sourceCharge,
        transfer_group: transferGroup,
        metadata: { visitId, therapistId },
      },
      // Attempt 1 keeps the key transfers have always had (a retried job gets Stripe's first
      // answer). A later attempt needs its own: under the old one Stripe would repeat the old
      // answer, a decline included, for 24 hours.
      { idempotencyKey: attempt === 1 ? idempotencyKey : `${idempotencyKey}-attempt-${attempt}` },
    ),
  );
  // A transfer moves the funds to the connected account when it is created.
  return { reference: transfer.id, status: 'paid' };
}

/** A transfer of the group to this account that has not been fully reversed (a reversed one paid nothing). */
async function findLiveTransfer(stripe: Stripe, transferGroup: string, destination: string): Promise<Stripe.Transfer | null> {
  // Not through callStripe(): a refused lookup is no decline of the payout, so the job retries it.
  for await (const transfer of stripe.transfers.list({ transfer_group: transferGroup, limit: 100 })) {
    if (idOf(transfer.destination) === destination && !transfer.reversed) return transfer;
  }
  return null;
}
