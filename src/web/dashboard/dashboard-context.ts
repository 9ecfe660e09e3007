import { useOutletContext } from 'react-router';
import type { Me } from '../api/auth';

/** The signed-in user, as the dashboard layout loaded it (an account record is guaranteed there). */
export type DashboardMe = Me & { account: NonNullable<Me['account']> };

export function useDashboardMe(): DashboardMe {
  return useOutletContext<DashboardMe>();
}
