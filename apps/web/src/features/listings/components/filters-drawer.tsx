import type { ReactNode } from 'react';
import { Button } from '@mantine/core';
import { AppDrawer } from '../../../components/ui/app-modal';
import { useMounted } from '../../../lib/use-mounted';

/** The browse filters in a drawer on small screens. */
export default function FiltersDrawer({
  opened,
  onClose,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const mounted = useMounted();
  return (
    <AppDrawer opened={opened && mounted} onClose={onClose} title="Filters" position="right" size="sm" hiddenFrom="md">
      {children}
      <Button fullWidth mt="md" onClick={onClose}>
        Show results
      </Button>
    </AppDrawer>
  );
}
