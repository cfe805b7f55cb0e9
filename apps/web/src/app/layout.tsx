import { Suspense } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { Box } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { PageSpinner } from '../components/ui/page-spinner';
import { SiteHeader } from './site-header';
import { SiteFooter } from './site-footer';
import { MobileNav } from './mobile-nav';
import { RouteTitle } from './route-title';
import { RouteFocus } from './route-focus';
import { SkipLink } from './skip-link';
import { useReloadForAnotherMember, useSession } from '../lib/session';
import { TrafficTracker } from '../features/traffic/components/traffic-tracker';
import { AnnouncementBanner, SignedInServices } from './signed-in-widgets';

export function AppLayout() {
  const [menuOpen, menu] = useDisclosure(false);
  const navigation = useNavigation();
  const { user } = useSession();
  useReloadForAnotherMember(user?.uid);
  return (
    // Plain landmarks styled by app.css (Mantine's AppShell weighs ~9 kB gzip on every page for features unused here):
    // a fixed header, main growing to fill the screen, and the footer after main as its own contentinfo landmark.
    <div className="app-frame">
      <SkipLink />
      <RouteTitle />
      <RouteFocus />
      {user && <SignedInServices />}
      <TrafficTracker />
      <header className="app-header">
        <SiteHeader menuOpen={menuOpen} onToggleMenu={menu.toggle} />
      </header>
      <MobileNav opened={menuOpen} onClose={menu.close} />
      <main className="app-main">
        {user && <AnnouncementBanner />}
        <Box id="content" tabIndex={-1} style={{ flex: 1, outline: 'none' }}>
          {navigation.state === 'loading' ? (
            <PageSpinner />
          ) : (
            <Suspense fallback={<PageSpinner />}>
              <Outlet />
            </Suspense>
          )}
        </Box>
      </main>
      <SiteFooter />
      {/* Back and Forward return to where the page was left (keyed by history entry); new navigations start at the top.
          Pages read their data from the query cache, so a page come back to is drawn at full length in the same commit
          as the restore (/browse keeps every page of results it had loaded). */}
      <ScrollRestoration />
    </div>
  );
}
