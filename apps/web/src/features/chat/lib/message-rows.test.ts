import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@accountry/shared/chat';
import { toRows } from './message-rows';
import type { PendingMessage } from './outbox';

const day = new Date(2026, 10, 20, 9, 0).getTime();
const msg = (seq: number, at: number, over: Partial<ChatMessage> = {}) =>
  ({
    id: `m${seq}`,
    conversationId: 'c',
    seq,
    senderId: seq % 2 ? 'me' : 'other',
    clientId: `k${seq}`,
    body: `Message ${seq}`,
    attachment: null,
    createdAt: at,
    kind: 'user',
    ...over,
  }) as ChatMessage;

describe('toRows', () => {
  it('marks the first row of each day for a divider and keeps sequence order, pending last', () => {
    const pending = [{ clientId: 'p1', body: 'Sending', attachment: null, createdAt: day + 86_400_000 }];
    const rows = toRows(
      [msg(1, day), msg(2, day + 60_000), msg(3, day + 86_400_000, { kind: 'system', senderId: null })],
      pending as unknown as PendingMessage[],
      'me',
    );
    expect(rows.map((r) => [r.key, r.newDay, r.mine, r.system])).toEqual([
      ['m1', true, true, false],
      ['m2', false, false, false],
      ['m3', true, false, true],
      ['p1', false, true, false],
    ]);
  });

  it('builds 5,000 rows in one pass', () => {
    const many = Array.from({ length: 5000 }, (_, i) => msg(i + 1, day + i * 60_000));
    const rows = toRows(many, [], 'me');
    expect(rows).toHaveLength(5000);
    const days = new Set(many.map((m) => new Date(m.createdAt).toDateString()));
    expect(rows.filter((r) => r.newDay).length).toBe(days.size);
  });
});
