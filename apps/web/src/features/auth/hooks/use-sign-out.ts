import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ACCOUNT_MESSAGES, AUTH_FALLBACK_MESSAGES } from '@accountry/shared/auth-messages';
import { api } from '../../../lib/api';
import { toast } from '../../../lib/toast';

/** Sign out of this device (or everywhere), clear cached data and go home. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (everywhere: boolean = false) =>
      api<void>(everywhere ? '/api/auth/signout-everywhere' : '/api/auth/signout', { method: 'POST' }),
    onSuccess: (_res, everywhere) => {
      queryClient.clear();
      navigate('/');
      if (everywhere) toast.success(ACCOUNT_MESSAGES.signedOutEverywhere);
    },
    onError: () => toast.error(AUTH_FALLBACK_MESSAGES.signOut),
  });
}
