import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-app';
import { engineOf, type DatabaseHandle } from './database';
import { containsNeedle, containsText } from './contains-text';
import { newId } from '../lib/ids';

let handle: DatabaseHandle;
const tag = newId().toLowerCase();
const names = ['Ada Lovelace', '100% legit', 'snake_case fan', 'back\\slash', 'Zoë Ünal', 'plain'];

beforeAll(async () => {
  handle = await createTestDatabase();
  await handle.db
    .insertInto('users')
    .values(
      names.map((displayName, i) => ({
        id: `${tag}-${i}`,
        email: `${tag}-${i}@example.test`,
        passwordHash: 'x',
        displayName,
        phoneNumber: '',
        role: 'buyer' as const,
        createdAt: i,
        lastActive: i,
        profileComplete: true,
        emailVerified: true,
        disabled: false,
      })),
    )
    .execute();
});
afterAll(() => handle.close());

/** The display names of this file's users that contain the search, ignoring case. */
async function namesContaining(search: string) {
  const engine = engineOf(handle.db);
  const rows = await handle.db
    .selectFrom('users')
    .select('displayName')
    .where('id', 'like', `${tag}-%`)
    .where(containsText(engine, 'users.displayName', containsNeedle(engine, search)))
    .orderBy('createdAt')
    .execute();
  return rows.map((r) => r.displayName);
}

describe('containsText', () => {
  it('finds a part of the text whatever its case', async () => {
    expect(await namesContaining('LOVE')).toEqual(['Ada Lovelace']);
    expect(await namesContaining('a')).toEqual(['Ada Lovelace', 'snake_case fan', 'back\\slash', 'Zoë Ünal', 'plain']);
  });

  it('takes %, _ and backslash literally', async () => {
    expect(await namesContaining('%')).toEqual(['100% legit']);
    expect(await namesContaining('e_c')).toEqual(['snake_case fan']);
    expect(await namesContaining('k\\s')).toEqual(['back\\slash']);
    expect(await namesContaining('0%l')).toEqual([]);
  });

  it('matches letters beyond ASCII as they are written', async () => {
    expect(await namesContaining('zoë')).toEqual(['Zoë Ünal']);
    expect(await namesContaining('nobody')).toEqual([]);
  });
});
