import { lazy, Suspense, useState } from 'react';

// The drawer (with its focus trap and scroll lock) loads the first time the menu opens.
const MobileNavDrawer = lazy(() => import('./mobile-nav-drawer').then((m) => ({ default: m.MobileNavDrawer })));

/** The navigation on small screens. */
export function MobileNav({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [wanted, setWanted] = useState(opened);
  if (opened && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <MobileNavDrawer opened={opened} onClose={onClose} />
    </Suspense>
  );
}
