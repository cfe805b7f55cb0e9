import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { openDatabase } from '../db/database';
import { Interleave } from './interleave';
import { createTestApp } from './test-app';

/**
 * A test app for races: its queries can stop at a chosen table (`interleave.arm`) while other work runs on `second`,
 * another connection to the same database, as another request or process would.
 */
export async function createRaceTestApp(env: Record<string, string> = {}) {
  const interleave = new Interleave();
  const ctx = await createTestApp(env, { wrapDb: (db) => db.withPlugin(interleave) });
  const second = openDatabase(ctx.handle.url, { pgSchema: ctx.handle.pgSchema });
  return {
    ctx,
    second,
    interleave,
    async close() {
      await second.close();
      await ctx.close();
    },
  };
}

export type RaceTestApp = Awaited<ReturnType<typeof createRaceTestApp>>;

/** A race app for the test file: made before its tests, handed to `take`, closed after them. */
export function useRaceTestApp(take: (race: RaceTestApp) => void, env: Record<string, string> = {}) {
  let race: RaceTestApp | undefined;
  beforeAll(async () => {
    race = await createRaceTestApp(env);
    take(race);
  });
  afterAll(() => race?.close());
}

/** The same, storing uploads in a folder of its own (removed after the tests); what was armed and did not run is
 * forgotten after each test. */
export function useRaceTestAppWithUploads(take: (race: RaceTestApp) => void) {
  const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'accountry-race-uploads-'));
  let race: RaceTestApp | undefined;
  useRaceTestApp((r) => take((race = r)), { UPLOAD_DIR: uploadDir });
  afterEach(() => race?.interleave.disarm());
  afterAll(() => {
    fs.rmSync(uploadDir, { recursive: true, force: true });
    fs.rmSync(`${uploadDir}-private`, { recursive: true, force: true });
  });
}
