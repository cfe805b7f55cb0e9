import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider, Stack, Text, Title } from '@mantine/core';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { LoadError } from './load-error';
import { LoadingStatus } from './loading-status';

// A page for e2e/load-error.spec.ts, bundled there: two sections of one page that read the same figures each through
// their own query, so that both fail, reload and fail again together under alerts of one title.

const TITLE = 'Could not load the figures';

async function figures(): Promise<{ count: number }> {
  const res = await fetch('/harness/figures');
  if (!res.ok) throw new Error(((await res.json()) as { error: { message: string } }).error.message);
  return (await res.json()) as { count: number };
}

function Figures({ name }: { name: string }) {
  const query = useQuery({ queryKey: ['figures'], queryFn: figures });
  let body;
  if (query.isPending) body = <LoadingStatus label="Loading the figures…" />;
  else if (query.isError) body = <LoadError title={TITLE} error={query.error} refetch={query.refetch} />;
  else body = <Text>{`${query.data.count} figures`}</Text>;
  return (
    <section aria-label={name}>
      <Title order={2}>{name}</Title>
      {body}
    </section>
  );
}

const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider>
      <QueryClientProvider client={client}>
        <main>
          <Stack>
            <Title order={1}>Figures</Title>
            <Figures name="This week" />
            <Figures name="This month" />
          </Stack>
        </main>
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
