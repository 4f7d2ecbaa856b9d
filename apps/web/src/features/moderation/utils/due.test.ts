import { describe, expect, it } from 'vitest';
import { dueIn } from './due';

const NOW = Date.parse('2026-05-01T12:00:00.000Z');
const at = (hours: number) => new Date(NOW + hours * 3_600_000).toISOString();

describe('dueIn', () => {
  it('counts whole hours left', () => {
    expect(dueIn(at(19.7), NOW)).toEqual({ overdue: false, unit: 'hours', count: 19 });
  });
  it('counts minutes in the last hour and never says 0', () => {
    expect(dueIn(at(0.5), NOW)).toEqual({ overdue: false, unit: 'minutes', count: 30 });
    expect(dueIn(at(0.001), NOW)).toEqual({ overdue: false, unit: 'minutes', count: 1 });
  });
  it('says how overdue, in days past 48 hours', () => {
    expect(dueIn(at(-3.2), NOW)).toEqual({ overdue: true, unit: 'hours', count: 3 });
    expect(dueIn(at(-50), NOW)).toEqual({ overdue: true, unit: 'days', count: 2 });
  });
});
