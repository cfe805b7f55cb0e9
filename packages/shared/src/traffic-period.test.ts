import { describe, expect, it } from 'vitest';
import { addDays, dayKey, daysBetween, isDayKey, listDays, resolvePeriod, type TrafficPeriod } from './traffic-period';
import { TRAFFIC_MESSAGES, trafficEventSchema, trafficStatsQuerySchema } from './traffic';

describe('dayKey (UTC calendar day)', () => {
  it.each([
    [Date.UTC(2026, 10, 23, 0, 0, 0), '2026-11-23'],
    [Date.UTC(2026, 10, 23, 23, 59, 59, 999), '2026-11-23'],
    [Date.UTC(2026, 11, 31, 23, 59, 59, 999), '2026-12-31'],
    [Date.UTC(2027, 0, 1, 0, 0, 0), '2027-01-01'],
    [Date.UTC(2028, 1, 29, 12), '2028-02-29'],
  ])('%i → %s', (ms, key) => {
    expect(dayKey(ms)).toBe(key);
  });
});

describe('day arithmetic', () => {
  it.each([
    ['2026-12-31', 1, '2027-01-01'],
    ['2027-01-01', -1, '2026-12-31'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2027-02-28', 1, '2027-03-01'],
    ['2027-01-03', -365, '2026-01-03'],
    ['2028-12-31', -365, '2028-01-01'],
  ])('%s %+d days → %s', (day, n, expected) => {
    expect(addDays(day, n)).toBe(expected);
  });

  it('counts and lists days across a year boundary', () => {
    expect(daysBetween('2026-12-30', '2027-01-02')).toBe(3);
    expect(listDays('2026-12-30', '2027-01-02')).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
    expect(listDays('2026-05-05', '2026-05-05')).toEqual(['2026-05-05']);
  });

  it.each([
    ['2026-11-23', true],
    ['2028-02-29', true],
    ['2027-02-29', false],
    ['2026-13-01', false],
    ['2026-1-01', false],
    ['yesterday', false],
  ])('isDayKey(%s) → %s', (value, ok) => {
    expect(isDayKey(value)).toBe(ok);
  });
});

describe('resolvePeriod (spec section 7: N days back, ending today)', () => {
  const now = Date.UTC(2027, 0, 3, 1, 30);
  it.each<[TrafficPeriod, string, string]>([
    ['day', '2027-01-03', '2027-01-03'],
    ['week', '2026-12-27', '2027-01-03'],
    ['month', '2026-12-04', '2027-01-03'],
    ['year', '2026-01-03', '2027-01-03'],
  ])('%s → %s … %s', (period, from, to) => {
    expect(resolvePeriod(period, now)).toEqual({ from, to });
  });

  it('uses the custom bounds as given', () => {
    expect(resolvePeriod('custom', now, { from: '2026-12-20', to: '2026-12-24' })).toEqual({
      from: '2026-12-20',
      to: '2026-12-24',
    });
  });
});

describe('trafficStatsQuerySchema', () => {
  const issue = (q: Record<string, string>) => trafficStatsQuerySchema.safeParse(q).error?.issues[0];
  it('defaults to the week and accepts a valid custom range', () => {
    expect(trafficStatsQuerySchema.parse({}).period).toBe('week');
    expect(trafficStatsQuerySchema.parse({ period: 'custom', from: '2026-12-30', to: '2027-01-02' })).toMatchObject({
      from: '2026-12-30',
    });
  });
  it.each([
    [{ period: 'custom', from: '2026-12-30' }, 'to', TRAFFIC_MESSAGES.customRange],
    [{ period: 'custom', from: '2027-01-02', to: '2026-12-30' }, 'from', TRAFFIC_MESSAGES.rangeOrder],
    [{ period: 'custom', from: '2024-01-01', to: '2026-01-01' }, 'to', TRAFFIC_MESSAGES.rangeLength],
    [{ period: 'day', hourlyDate: '2026-02-30' }, 'hourlyDate', TRAFFIC_MESSAGES.date],
  ])('%j is refused on %s', (q, field, message) => {
    expect(issue(q)).toMatchObject({ path: [field], message });
  });
});

describe('trafficEventSchema', () => {
  const visitorId = 'b5c7f6a2-1d2e-4f00-9a1b-1234567890ab';
  it.each([
    [{ type: 'page_view', visitorId, path: '/' }, true],
    [{ type: 'page_view', visitorId, sessionId: null, path: '/browse', referrer: 'https://t.co/x' }, true],
    [{ type: 'session_start', visitorId, path: '/about' }, true],
    [{ type: 'session_end', visitorId, sessionId: 'AbCdEfGh12345678', path: '/about' }, true],
    [{ type: 'click', visitorId, path: '/' }, false],
    [{ type: 'page_view', visitorId: 'short', path: '/' }, false],
    [{ type: 'page_view', visitorId, path: 'about' }, false],
    [{ type: 'page_view', visitorId, path: '/with space' }, false],
    [{ type: 'page_view', visitorId, path: `/${'a'.repeat(256)}` }, false],
    [{ type: 'page_view', visitorId, path: '/', referrer: 'x'.repeat(2049) }, false],
    [{ type: 'page_view', visitorId, path: '/', extra: 1 }, false],
    [{ type: 'session_end', visitorId, path: '/' }, false],
  ])('%j → valid %s', (event, ok) => {
    expect(trafficEventSchema.safeParse(event).success).toBe(ok);
  });

  it('names an unknown event type', () => {
    expect(trafficEventSchema.safeParse({ type: 'click' }).error?.issues[0]).toMatchObject({
      path: ['type'],
      message: TRAFFIC_MESSAGES.unknownEvent,
    });
  });
});
