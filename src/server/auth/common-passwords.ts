import { dictionary } from '@zxcvbn-ts/language-common';

// ~49,000 passwords seen most often in breaches (bundled with zxcvbn-ts), loaded once.
const common = new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()));

export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Please choose one that is harder to guess.';

export function isCommonPassword(password: string): boolean {
  return common.has(password.toLowerCase());
}
