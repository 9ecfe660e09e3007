import { useNavigate } from 'react-router';
import { BackLink } from '../../ui/back-link';
import { useCreateReferral } from '../../api/referrals';
import { PageMeta } from '../../ui/page-meta';
import { countLabel } from './format';
import { ReferralForm, type ReferralFormAction } from './referral-form';
import type { ReferralNoticeState } from './referral-notice';

const actions: readonly ReferralFormAction[] = [
  { label: 'Save draft', busyLabel: 'Saving…', post: false, variant: 'secondary' },
  { label: 'Post referral', busyLabel: 'Posting…', post: true },
];

/** /dashboard/agency/referrals/new: a referral saved as a draft or posted at once. */
export function NewReferralPage() {
  const create = useCreateReferral();
  const navigate = useNavigate();
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-10 sm:px-6 sm:py-12">
      <PageMeta title="New Referral" description="Post a referral to licensed home health therapists near your patient." />
      <div className="space-y-2">
        <p>
          <BackLink to="/dashboard/agency/referrals">Back to referrals</BackLink>
        </p>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">New Referral</h1>
        <p className="text-slate-700">
          Describe what the patient needs. When you post it, licensed therapists near the patient’s ZIP code are notified at once.
          You can save a draft and post it later.
        </p>
      </div>
      <ReferralForm
        label="New referral"
        actions={actions}
        onSave={async (referral, post) => {
          const saved = await create.mutateAsync({ referral, post });
          const state: ReferralNoticeState = {
            notice: post ? `Referral posted. ${countLabel(saved.notifiedCount, 'therapist')} notified.` : 'Draft saved. Post it when you are ready.',
          };
          await navigate(`/dashboard/agency/referrals/${saved.id}`, { state });
        }}
      />
    </div>
  );
}
