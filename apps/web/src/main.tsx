import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/app.css';
import { Providers, queryClient } from './app/providers';
import { AppRouter } from './app/router';
import { preloadSignedInWidgets } from './app/signed-in-widgets';
import { sessionQuery } from './lib/session';
import { myAnnouncementsQuery } from './features/announcements/my-announcements-query';

// The session is asked for now, beside the first page's code rather than after its first render; for someone signed
// in, the header's widgets and the announcements are then fetched at once, so the banner takes its place above the
// page before the page's results are drawn instead of pushing them down under the reader's pointer.
void queryClient.fetchQuery(sessionQuery).then(
  (me) => {
    if (!me.user) return;
    preloadSignedInWidgets();
    void queryClient.prefetchQuery(myAnnouncementsQuery(me.user.uid));
  },
  () => undefined, // useSession shows the failure and retries.
);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <AppRouter />
    </Providers>
  </StrictMode>,
);
