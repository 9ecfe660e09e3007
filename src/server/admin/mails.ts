import type { OutgoingMail } from '../mail/queue-mail';

interface Recipient {
  publicUrl: string;
  to: string;
  name: string;
}

export function accountApprovedMail(options: Recipient): OutgoingMail {
  return {
    to: options.to,
    subject: 'Your CareRelay account is approved',
    text: [
      `Hello ${options.name},`,
      '',
      'Good news: our team has reviewed and approved your CareRelay account. You can now use CareRelay.',
      '',
      `Sign in and open your dashboard here: ${options.publicUrl}/dashboard`,
      '',
      'Welcome aboard,',
      'The CareRelay team',
    ].join('\n'),
  };
}

export function accountRejectedMail(options: Recipient & { reason: string }): OutgoingMail {
  return {
    to: options.to,
    subject: 'About your CareRelay account',
    text: [
      `Hello ${options.name},`,
      '',
      'Thank you for your interest in CareRelay. After reviewing your sign-up, we are not able to approve your account at this time.',
      '',
      `Reason: ${options.reason}`,
      '',
      `If you have questions or can give us more information, contact us at ${options.publicUrl}/contact and we will take another look.`,
      '',
      'The CareRelay team',
    ].join('\n'),
  };
}

/** The invitation carries the same kind of set-password link as sign-up (`/reset-password?token=`). */
export function managerInviteMail(options: Recipient & { token: string; invitedBy: string | null }): OutgoingMail {
  const link = `${options.publicUrl}/reset-password?token=${encodeURIComponent(options.token)}`;
  return {
    to: options.to,
    subject: 'You are invited to manage CareRelay',
    text: [
      `Hello ${options.name},`,
      '',
      options.invitedBy
        ? `${options.invitedBy} has added you as a CareRelay manager.`
        : 'A CareRelay manager account has been created for you.',
      'Choose your password here:',
      link,
      '',
      'The link works once and expires in 30 minutes; after that, use "Forgot password" on the login dialog.',
      'The admin area asks for a second factor: set one up under Security once you have signed in.',
    ].join('\n'),
  };
}
