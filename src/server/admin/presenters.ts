import { userTypeLabels, type SignupItem } from '../../domain/admin';
import type { SignupRow } from './queries';

/** The fields the admin list may show about an account, and nothing else from the joined rows. */
export function presentSignup(row: SignupRow): SignupItem {
  return {
    id: row.id,
    status: row.status,
    name: row.name,
    email: row.email,
    typeLabel: userTypeLabels[row.userType],
    userType: row.userType,
    phone: row.phone,
    signupDate: row.createdAt.toISOString(),
    statusReason: row.statusReason,
  };
}
