import { useRef } from 'react';

/**
 * A form that sends once however fast it is clicked or Enter is pressed: a mutation's pending state only disables the
 * button a render later, so a double click could send twice (and spend a code twice, or mail twice).
 */
export function useOneAtATime() {
  const busy = useRef(false);
  return {
    /** True when nothing is on its way, marking this one as on its way; false otherwise. */
    start: () => (busy.current ? false : (busy.current = true)),
    /** Once the answer is in (the mutation's onSettled). */
    done: () => {
      busy.current = false;
    },
  };
}
