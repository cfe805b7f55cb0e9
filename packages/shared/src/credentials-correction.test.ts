import { describe, expect, it } from 'vitest';
import { correctionRefusal, type CorrectableOrder } from './credentials-correction';

const NOW = 1_000_000;
const open: CorrectableOrder = {
  status: 'delivered',
  dueAt: NOW + 1,
  credentialsRevealedAt: null,
  credentialsCorrections: 0,
};

describe('correctionRefusal', () => {
  it.each<[string, Partial<CorrectableOrder>, ReturnType<typeof correctionRefusal>]>([
    ['delivered, unrevealed, none yet', {}, null],
    ['two corrections made', { credentialsCorrections: 2 }, null],
    ['no deadline', { dueAt: null }, null],
    ['three corrections made', { credentialsCorrections: 3 }, 'correctionLimit'],
    ['revealed by the buyer', { credentialsRevealedAt: NOW - 5 }, 'correctionRevealed'],
    ['revealed and at the limit', { credentialsRevealedAt: NOW - 5, credentialsCorrections: 3 }, 'correctionRevealed'],
    ['the inspection deadline reached', { dueAt: NOW }, 'correctionClosed'],
    ['not delivered yet', { status: 'paid' }, 'correctionClosed'],
    ['in protection', { status: 'protection' }, 'correctionClosed'],
    ['disputed', { status: 'disputed', dueAt: null }, 'correctionClosed'],
    ['completed', { status: 'completed', dueAt: null }, 'correctionClosed'],
  ])('%s', (_, over, expected) => {
    expect(correctionRefusal({ ...open, ...over }, NOW)).toBe(expected);
  });
});
