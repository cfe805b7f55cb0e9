import type { QueryClient } from '@tanstack/react-query';
import { TWO_FACTOR_KEY } from './two-factor-key';

/** The member's security activity (decision 178), on the profile page. */
export const ACCOUNT_ACTIVITY_KEY = ['account-activity'] as const;

/**
 * After a change to how the account is reached (a password, an address, a passkey, two-factor sign-in, payout
 * details): its two-factor status (the recovery codes left) and its security activity are read again.
 */
export const refreshAccountSecurity = (client: QueryClient) =>
  Promise.all([
    client.invalidateQueries({ queryKey: TWO_FACTOR_KEY }),
    client.invalidateQueries({ queryKey: ACCOUNT_ACTIVITY_KEY }),
  ]);
