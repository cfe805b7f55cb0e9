import { useEffect, useState } from 'react';

/**
 * False on the first render, true from the next. A lazily loaded Mantine drawer mounts already open; Mantine notes the
 * element to give focus back to only when `opened` goes from false to true, so such a drawer opens once mounted
 * (`opened && mounted`) and its first close returns focus to its trigger like later ones.
 */
export function useMounted() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}
