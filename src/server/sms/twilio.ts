/** What sends one SMS. The Twilio adapter below is the real one; tests point it at a local double. */
export interface SmsProvider {
  send(message: { to: string; body: string }): Promise<{ providerId: string }>;
}

/** Twilio's Messages API (form-encoded POST with basic auth). */
export function createTwilioProvider(options: { accountSid: string; authToken: string; from: string; apiBaseUrl: string }): SmsProvider {
  const endpoint = `${options.apiBaseUrl.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  return {
    async send({ to, body }) {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ To: to, From: options.from, Body: body }),
        signal: AbortSignal.timeout(10_000),
      });
      const data = (await response.json().catch(() => ({}))) as { sid?: string; message?: string };
      if (!response.ok || !data.sid) throw new Error(`Twilio answered ${response.status}: ${data.message ?? 'no message id'}`);
      return { providerId: data.sid };
    },
  };
}
