import { describe, expect, it } from 'vitest';
import { shareOut } from './e2e.mjs';

describe('shareOut (the e2e lanes)', () => {
  it('gives each file to the lane with the least work so far, longest first', () => {
    const lanes = shareOut(['a', 'b', 'c', 'd', 'e'], 2, { a: 50, b: 40, c: 30, d: 20, e: 10 });
    expect(lanes.map((l) => l.files)).toEqual([
      ['a', 'd', 'e'],
      ['b', 'c'],
    ]);
    expect(lanes.map((l) => l.total)).toEqual([80, 70]);
  });

  it('keeps every file exactly once, unknown ones included, and no empty lane', () => {
    const files = ['x.e2e.ts', 'auth.e2e.ts', 'shell.e2e.ts'];
    const lanes = shareOut(files, 5);
    expect(lanes).toHaveLength(3);
    expect(lanes.flatMap((l) => l.files).sort()).toEqual([...files].sort());
  });

  it('puts everything in one lane when asked for one', () => {
    const lanes = shareOut(['b.e2e.ts', 'a.e2e.ts'], 1);
    expect(lanes).toHaveLength(1);
    expect(lanes[0].files.sort()).toEqual(['a.e2e.ts', 'b.e2e.ts']);
  });
});
