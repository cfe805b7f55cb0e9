import { describe, expect, it } from 'vitest';
import {
  PAYMENT_WINDOW_TEXT as T,
  minutesLeftText,
  nextPaymentRedrawMs,
  paymentStage,
  showsPaymentWindow,
} from './payment-window-text';

const MIN = 60_000;

describe('the time left to pay an order', () => {
  it.each([
    [15 * MIN, '15 min'],
    [14 * MIN + 58_000, '14 min'],
    [MIN, '1 min'],
    [59_999, 'less than a minute'],
    [1, 'less than a minute'],
    [0, 'less than a minute'],
    [60 * MIN, '1 h'],
    [65 * MIN + 30_000, '1 h 5 min'],
  ])('%i ms left reads "%s" (rounded down)', (ms, text) => {
    expect(minutesLeftText(ms)).toBe(text);
  });

  it.each([
    [15 * MIN, 'open'],
    [5 * MIN + 1, 'open'],
    [5 * MIN, 'closing'],
    [1, 'closing'],
    [0, 'closed'],
    [-5_000, 'closed'],
  ])('%i ms left is the %s stage', (ms, stage) => {
    expect(paymentStage(ms)).toBe(stage);
  });

  it('redraws when the whole minutes change, so on each stage edge, and stops once the time ran out', () => {
    expect(nextPaymentRedrawMs(14 * MIN + 58_500)).toBe(58_501);
    expect(paymentStage(14 * MIN + 58_500 - 58_501)).toBe('open');
    expect(minutesLeftText(14 * MIN + 58_500 - 58_501)).toBe('13 min');
    expect(paymentStage(5 * MIN + 20_000 - nextPaymentRedrawMs(5 * MIN + 20_000)!)).toBe('closing');
    expect(paymentStage(30_000 - nextPaymentRedrawMs(30_000)!)).toBe('closed');
    expect(nextPaymentRedrawMs(5 * MIN)).toBe(1);
    expect(nextPaymentRedrawMs(0)).toBeNull();
  });

  it('says how long the listing is held, what happens after, and the stage once to a screen reader', () => {
    expect(T.reserved('2 Dec 2026, 00:16', '14 min')).toBe(
      'The listing is reserved for you until 2 Dec 2026, 00:16 (14 min left).',
    );
    expect(T.runsOut).toBe('If the order is not paid by then, it expires and the listing is offered to others again.');
    expect(T.closing).toBe('Less than 5 minutes left to pay.');
    expect(T.closed).toBe('The time to pay has run out: the order expires and the listing is offered to others again.');
    expect(T.announced).toEqual({
      open: '',
      closing: 'Less than 5 minutes left to pay this order.',
      closed: 'The time to pay this order has run out.',
    });
  });
});

describe('where an order says its deadline', () => {
  it.each([
    ['buyer', ['pay', 'cancel'], true],
    ['seller', ['cancel'], false],
    ['admin', [], false],
    ['buyer', ['cancel'], false],
    ['buyer', ['confirm', 'dispute'], false],
  ] as const)('for the %s who may %j: beside Pay instead of the countdown, %s', (viewerRole, actions, shown) => {
    expect(showsPaymentWindow({ viewerRole, actions: [...actions] })).toBe(shown);
  });
});
