import { describe, expect, it } from 'vitest';
import { parseClientFrame } from './socket-protocol';

describe('parseClientFrame', () => {
  it.each([
    ['null', 'null', 'Messages must be an object with a type.'],
    ['a number', '7', 'Messages must be an object with a type.'],
    ['an array', '[{"type":"chat.unread"}]', 'Messages must be an object with a type.'],
    ['not JSON', 'chat.unread', 'Messages must be JSON.'],
    ['a type too long', JSON.stringify({ type: 'x'.repeat(65) }), 'Messages must be an object with a type.'],
    ['an unknown type', '{"type":"chat.delete"}', 'Unknown message type.'],
    ['an inherited property as type', '{"type":"constructor"}', 'Unknown message type.'],
    ['extra fields in data', '{"type":"chat.typing","data":{"conversationId":"c","x":1}}', 'Unrecognized key: "x"'],
    ['a fractional seq', '{"type":"chat.read","data":{"conversationId":"c","seq":1.5}}', null],
    ['a seq beyond the column', '{"type":"chat.read","data":{"conversationId":"c","seq":2147483648}}', null],
    // The rules of every HTTP request's strings hold for a frame's data (decision 247).
    [
      'a NUL in an id',
      '{"type":"chat.typing","data":{"conversationId":"a\\u0000"}}',
      'Text must not contain NUL characters.',
    ],
    [
      'half of a character in a body',
      '{"type":"chat.send","data":{"conversationId":"c","clientId":"abcdefgh1234","body":"\\ud83d"}}',
      'Text must not contain half of a character (a broken emoji or symbol).',
    ],
  ])('refuses %s', (_name, raw, message) => {
    const parsed = parseClientFrame(raw);
    expect(parsed.ok).toBe(false);
    if (message && !parsed.ok) expect(parsed.message).toBe(message);
  });

  it('keeps the ref of a refused request so the client can match the error', () => {
    expect(parseClientFrame('{"type":"chat.nope","ref":9}')).toMatchObject({ ok: false, ref: 9 });
    expect(parseClientFrame('{"type":5,"ref":"r1"}')).toMatchObject({ ok: false, ref: 'r1' });
  });

  it('accepts each known message with its data parsed', () => {
    expect(parseClientFrame('{"type":"chat.unread","ref":1}')).toEqual({
      ok: true,
      type: 'chat.unread',
      ref: 1,
      data: {},
    });
    expect(parseClientFrame('{"type":"chat.read","data":{"conversationId":"c","seq":3}}')).toMatchObject({
      ok: true,
      data: { conversationId: 'c', seq: 3 },
    });
  });
});
