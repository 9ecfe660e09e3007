import type { JobData } from '../jobs/queue';

/**
 * Posts a sign-up to the team's chat webhook ({content, username, avatar_url}, the format Discord
 * and compatible services accept). A failed post throws, so the job is retried and nothing is lost.
 */
export function createSignupWebhook(options: { agencyUrl?: string; therapistUrl?: string; publicUrl: string }) {
  return async function deliver({ target, content }: JobData['signup-webhook']): Promise<void> {
    const url = target === 'therapist' ? options.therapistUrl : options.agencyUrl;
    if (!url) return;
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ content, username: 'CareRelay Sign-ups', avatar_url: `${options.publicUrl}/favicon.svg` }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`webhook answered ${response.status}`);
  };
}
