/**
 * The referral marketplace's use cases on the agency's side, one file each by what they do:
 * writing and posting (posting.ts, with the offers of offers.ts), settling responses
 * (confirmation.ts) and closing unfilled (closing.ts); the therapist's side is therapist-service.ts.
 * Each runs in one transaction with its audit row, its notifications (announced on commit) and its
 * jobs, so a failure leaves nothing half-done.
 *
 * Concurrency: every use case that changes a referral's state first locks the referral row
 * (SELECT … FOR UPDATE), so answers, counters, confirmations and cancellations of one referral
 * happen one at a time. The match itself is also a conditional update (status = 'posted'), which
 * is what makes "exactly one therapist" hold even if a future path forgets the lock.
 */
export { createReferral, postReferral, updateReferral } from './posting';
export { confirmResponse, counterResponse, matchInTransaction, ratesForServices } from './confirmation';
export { cancelReferral, expireReferral } from './closing';
export { audit, contextOf, enforce, LIVE_RESPONSES, notFound, type Context, type ReferralDeps } from './context';
