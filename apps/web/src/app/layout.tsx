import { Suspense } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { AppShell, Box } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { PageSpinner } from '../components/ui/page-spinner';
import { SiteHeader } from './site-header';
import { SiteFooter } from './site-footer';
import { MobileNav } from './mobile-nav';
import { RealtimeConnection } from './realtime-connection';
import { RouteTitle } from './route-title';
import { SkipLink } from './skip-link';

import { InactivityWatcher } from '../features/auth/components/inactivity-watcher';
import { AnnouncementBanner } from '../features/announcements/components/announcement-banner';
import { TrafficTracker } from '../features/traffic/components/traffic-tracker';

export function AppLayout() {
  const [menuOpen, menu] = useDisclosure(false);
  const navigation = useNavigation();
  return (
    <AppShell header={{ height: 64 }} padding={0}>
      <SkipLink />
      <RouteTitle />
      <RealtimeConnection />
      <InactivityWatcher />
      <TrafficTracker />
      <AppShell.Header>
        <SiteHeader menuOpen={menuOpen} onToggleMenu={menu.toggle} />
      </AppShell.Header>
      <MobileNav opened={menuOpen} onClose={menu.close} />
      <AppShell.Main style={{ display: 'flex', flexDirection: 'column', minHeight: '100dvh' }}>
        <AnnouncementBanner />
        <Box id="content" tabIndex={-1} style={{ flex: 1, outline: 'none' }}>
          {navigation.state === 'loading' ? (
            <PageSpinner />
          ) : (
            <Suspense fallback={<PageSpinner />}>
              <Outlet />
            </Suspense>
          )}
        </Box>
        <SiteFooter />
      </AppShell.Main>
    </AppShell>
  );
}
