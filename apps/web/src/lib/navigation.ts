import { useCallback, useContext } from 'react';
import { UNSAFE_DataRouterContext } from 'react-router';

/**
 * Whether a link to another page was followed and that page is still loading (its code or data). Read from the
 * router itself, not from React state: useNavigation() reports it only once React has rendered the navigation,
 * which a timer firing in between (a debounced search) would not see.
 */
export function useLeavingPage() {
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  return useCallback(() => {
    const state = router?.state;
    return (
      !!state && state.navigation.state !== 'idle' && state.navigation.location.pathname !== state.location.pathname
    );
  }, [router]);
}
