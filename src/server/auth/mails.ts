import type { OutgoingMail } from '../mail/queue-mail';

function resetLink(publicUrl: string, token: string) {
  return `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
}

export function passwordResetMail(options: { publicUrl: string; to: string; token: string }): OutgoingMail {
  const link = resetLink(options.publicUrl, options.token);
  return {
    to: options.to,
    subject: 'Reset your CareRelay password',
    text: [
      'We received a request to reset the password of your CareRelay account.',
      '',
      `Set a new password here: ${link}`,
      '',
      'The link works once and expires in 30 minutes. If you did not ask for this, ignore this mail: your password stays as it is.',
    ].join('\n'),
  };
}

export function setPasswordMail(options: { publicUrl: string; to: string; token: string; name: string }): OutgoingMail {
  const link = resetLink(options.publicUrl, options.token);
  return {
    to: options.to,
    subject: 'Welcome to CareRelay: set your password',
    text: [
      `Hello ${options.name},`,
      '',
      'Thank you for signing up for CareRelay. Choose your password here:',
      link,
      '',
      'The link works once and expires in 30 minutes; after that, use "Forgot password" on the login dialog.',
      'Our team reviews new accounts and will reach out within 1-2 business days.',
    ].join('\n'),
  };
}

/** To the owner of an account being slowed by wrong passwords: a way past the wait on their device. */
export function signInUnlockMail(options: { publicUrl: string; to: string; token: string }): OutgoingMail {
  const link = `${options.publicUrl}/api/auth/unlock-sign-in?token=${encodeURIComponent(options.token)}`;
  return {
    to: options.to,
    subject: 'Wrong passwords were tried on your CareRelay account',
    text: [
      'Someone has entered a wrong password for your CareRelay account several times, so signing in to it is slowed down for a while.',
      '',
      'If it was you, open this link on the device you sign in from; that device can then sign in without waiting:',
      link,
      '',
      'The link works for one hour. If it was not you, your account is still safe as long as nobody knows your password; if you think someone might, reset it with "Forgot password" on the login dialog.',
    ].join('\n'),
  };
}
