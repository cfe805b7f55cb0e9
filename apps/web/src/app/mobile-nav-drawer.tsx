import { NavLink as RouterNavLink } from 'react-router';
import { NavLink, Stack } from '@mantine/core';
import { AppDrawer } from '../components/ui/app-modal';
import { useSession } from '../lib/session';
import { useMounted } from '../lib/use-mounted';
import { visibleNavItems } from './site-header';
import { useAdminTotal } from '../components/admin/admin-waiting';
import { WaitingBadge } from '../components/orders/waiting-badge';

/** The navigation drawer on small screens (loaded when the menu first opens). */
export function MobileNavDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { user } = useSession();
  const items = visibleNavItems(user?.role, !!user);
  const mounted = useMounted();
  const adminTotal = useAdminTotal(user?.role === 'admin');
  return (
    <AppDrawer opened={opened && mounted} onClose={onClose} title="Menu" size="xs" hiddenFrom="md">
      <Stack gap={4} component="nav" aria-label="Mobile">
        {items.map((item) => (
          <NavLink
            key={item.to}
            component={RouterNavLink}
            to={item.to}
            label={item.label}
            rightSection={item.to === '/admin' ? <WaitingBadge count={adminTotal} words="waiting" /> : undefined}
            onClick={onClose}
          />
        ))}
        {!user && <NavLink component={RouterNavLink} to="/signup" label="Sign up" onClick={onClose} />}
      </Stack>
    </AppDrawer>
  );
}
