import { describe, expect, it } from 'vitest';
import pino from 'pino';
import { Listeners } from './listeners';

describe('Listeners', () => {
  it('runs every listener in order, logs one that throws, and still runs the ones after it', () => {
    const lines: string[] = [];
    const log = pino({ level: 'error' }, { write: (line: string) => void lines.push(line) });
    const listeners = new Listeners<[name: string]>(log, 'greeting listener failed');
    const heard: string[] = [];
    listeners.add((name) => heard.push(`first ${name}`));
    listeners.add(() => {
      throw new Error('boom');
    });
    listeners.add((name) => heard.push(`third ${name}`));

    listeners.emit('Ana');

    expect(heard).toEqual(['first Ana', 'third Ana']);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0])).toMatchObject({ msg: 'greeting listener failed', err: { message: 'boom' } });
  });
});
