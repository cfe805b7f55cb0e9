import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/app.css';
import { Providers, queryClient } from './app/providers';
import { AppRouter } from './app/router';
import { preloadSignedInWidgets } from './app/signed-in-widgets';
import { sessionQuery } from './lib/session';

// The session is asked for now, beside the first page's code rather than after its first render; for someone signed
// in, the header's widgets are then fetched at once so they render with the header, not after the page's results.
void queryClient.fetchQuery(sessionQuery).then(
  (me) => me.user && preloadSignedInWidgets(),
  () => undefined, // useSession shows the failure and retries.
);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <AppRouter />
    </Providers>
  </StrictMode>,
);
