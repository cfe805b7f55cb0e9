import type { TwoFactorStatus } from '@accountry/shared/two-factor';
import { api } from '../../lib/api';

/** The query of whether two-factor sign-in is on, refreshed when it is turned on or off. */
export const TWO_FACTOR_KEY = ['two-factor'] as const;
/** Its request: the profile's two-factor section and every form that asks a code when it is on read it. */
export const fetchTwoFactorStatus = () => api<TwoFactorStatus>('/api/profile/two-factor');
