import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { favoriteChanged } from './favorite-changed';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('favoriteChanged', () => {
  it('is not undone by a read of the listings that the server answered before the change', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    let stored = false;
    // The server answers what it stored when the request reached it, a moment later.
    const key = ['listings', 'browse', { q: 'heart' }];
    const read = () => {
      const answer = stored;
      return pause(20).then(() => ({ items: [{ id: 'l1', isFavorite: answer }] }));
    };
    await client.fetchQuery({ queryKey: key, queryFn: read });
    // A read starts (the page reads its listings again), then the favorite is stored and its answer handled.
    void client.refetchQueries({ queryKey: key });
    await pause(1);
    stored = true;
    await favoriteChanged(client, 'l1', true);
    await pause(40);
    expect(client.getQueryData(key)).toEqual({ items: [{ id: 'l1', isFavorite: true }] });
  });
});
