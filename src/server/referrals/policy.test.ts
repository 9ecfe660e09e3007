import { describe, expect, it } from 'vitest';
import { referralStatuses, type ReferralStatus } from '../../domain/referrals';
import { canAnswerReferral, canCancelReferral, canConfirmResponse, canCounterResponse, canEditReferral, canPostReferral } from './policy';

const now = new Date('2026-11-24T12:00:00Z');
const at = (status: ReferralStatus, expiresAt: Date | null = null) => ({ status, expiresAt });
const allowedIn = (decide: (status: ReferralStatus) => { allowed: boolean }) => referralStatuses.filter((status) => decide(status).allowed);

describe('referral policy', () => {
  it('a referral is edited and cancelled only as a draft or posted, and posted only as a draft', () => {
    expect(allowedIn((status) => canEditReferral(at(status)))).toEqual(['draft', 'posted']);
    expect(allowedIn((status) => canCancelReferral(at(status)))).toEqual(['draft', 'posted']);
    expect(allowedIn((status) => canPostReferral(at(status)))).toEqual(['draft']);
    expect(canCancelReferral(at('matched'))).toEqual({ allowed: false, message: 'This referral is matched and can no longer be cancelled.' });
  });

  it('an acceptance or a rate request of a posted, unexpired referral can be confirmed; nothing else', () => {
    expect(allowedIn((status) => canConfirmResponse(at(status), { status: 'accepted' }, now))).toEqual(['posted']);
    expect(canConfirmResponse(at('posted'), { status: 'rate_requested' }, now).allowed).toBe(true);
    expect(canConfirmResponse(at('posted'), { status: 'declined' }, now)).toEqual({
      allowed: false,
      message: 'Only an acceptance or a rate request can be confirmed; this response is declined.',
    });
    expect(canConfirmResponse(at('posted', now), { status: 'accepted' }, now)).toEqual({ allowed: false, message: 'This referral’s offer has expired.' });
  });

  it('only a rate request (or a counter) of a posted referral can be countered', () => {
    expect(canCounterResponse(at('posted'), { status: 'rate_requested' }).allowed).toBe(true);
    expect(canCounterResponse(at('posted'), { status: 'countered' }).allowed).toBe(true);
    expect(canCounterResponse(at('posted'), { status: 'accepted' }).allowed).toBe(false);
    expect(canCounterResponse(at('matched'), { status: 'rate_requested' }).allowed).toBe(false);
  });

  it('a therapist answers only an open offer, and is told when it was filled', () => {
    expect(allowedIn((status) => canAnswerReferral(at(status), now))).toEqual(['posted']);
    for (const status of ['matched', 'in_progress', 'completed'] as const) {
      expect(canAnswerReferral(at(status), now)).toEqual({ allowed: false, message: 'This referral has already been filled.' });
    }
    expect(canAnswerReferral(at('cancelled'), now)).toEqual({ allowed: false, message: 'This referral is cancelled.' });
    expect(canAnswerReferral(at('posted', new Date(now.getTime() - 1)), now).allowed).toBe(false);
  });
});
