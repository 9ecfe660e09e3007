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
