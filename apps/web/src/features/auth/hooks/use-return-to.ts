import { useSearchParams } from 'react-router';
import { safeReturnTo } from '@accountry/shared/return-to';

/** Where to send someone after sign-in: the returnTo flag when it is a path on this site, else home. */
export function useReturnTo() {
  const [params] = useSearchParams();
  return safeReturnTo(params.get('returnTo'));
}
