import { describe, expect, it } from 'vitest';
import { createUser } from '../../test/test-app';
import { insertTestListing } from '../../test/listing-fixtures';
import { useRaceTestApp, type RaceTestApp } from '../../test/race-app';
import { ListingViewCounter } from './listing-views';

let race: RaceTestApp;
useRaceTestApp((r) => (race = r));

const views = async (id: string) =>
  (await race.second.db.selectFrom('listings').select('viewCount').where('id', '=', id).executeTakeFirstOrThrow())
    .viewCount;

async function viewedListing(viewers: string[]) {
  const seller = await createUser(race.ctx, { role: 'seller' });
  const { id } = await insertTestListing(race.ctx, seller.id);
  const counter = new ListingViewCounter(race.ctx.deps);
  for (const viewer of viewers) counter.record(id, viewer);
  return { id, counter };
}

describe('ListingViewCounter.flush', () => {
  it('returns only once a flush already writing (the timer’s) has written its views', async () => {
    const { id, counter } = await viewedListing(['viewer-1', 'viewer-2']);
    let timersWritten = false;
    const timers = counter.flush().then(() => (timersWritten = true));
    await counter.flush();
    expect(timersWritten).toBe(true);
    expect(await views(id)).toBe(2);
    await timers;
  });

  it('writes the views recorded while an earlier flush was writing', async () => {
    const { id, counter } = await viewedListing(['viewer-1']);
    const first = counter.flush();
    counter.record(id, 'viewer-2');
    await counter.flush();
    await first;
    expect(await views(id)).toBe(2);
  });

  it('still counts the views being written until their write commits', async () => {
    const { id, counter } = await viewedListing(['viewer-1', 'viewer-2']);
    let whileWriting: number | undefined;
    // A page read from the cache (the stored count before the write) adds what is pending: the views must be in it.
    race.interleave.arm('listings', async () => void (whileWriting = counter.pendingFor(id)), 'update');
    await counter.flush();
    expect(whileWriting).toBe(2);
    expect(counter.pendingFor(id)).toBe(0);
    expect(await views(id)).toBe(2);
  });
});
