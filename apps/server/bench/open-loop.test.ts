import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLoop, quantile } from './open-loop';

let server: http.Server;
let base = '';
let arrivals: number[] = [];
let handler: (req: http.IncomingMessage, res: http.ServerResponse) => void = (_q, res) =>
  res.end('ok');

beforeAll(async () => {
  server = http.createServer((req, res) => {
    arrivals.push(performance.now());
    handler(req, res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('openLoop', () => {
  it('spreads the requests over each second instead of sending a quota at its start', async () => {
    arrivals = [];
    handler = (_q, res) => res.end('ok');
    const r = await openLoop(`${base}/`, { rate: 100, seconds: 2 });
    expect(r.offered).toBe(200);
    expect(r.bad).toBe(0);
    expect(arrivals).toHaveLength(200);
    // 25 per quarter second if even; a per-second quota sent back to back puts 100 in one.
    const first = arrivals[0]!;
    const quarters = [0, 0, 0, 0, 0, 0, 0, 0, 0];
    for (const t of arrivals) quarters[Math.min(8, Math.floor((t - first) / 250))]!++;
    expect(Math.max(...quarters)).toBeLessThanOrEqual(55);
    expect(quarters.slice(0, 7).every((n) => n >= 5)).toBe(true);
  });

  it('holds at most `connections` sockets; requests due meanwhile wait, and the wait counts', async () => {
    handler = (_q, res) => setTimeout(() => res.end('ok'), 200);
    let sockets = 0;
    const count = () => sockets++;
    server.on('connection', count);
    const r = await openLoop(`${base}/`, { rate: 100, seconds: 1, connections: 5 });
    server.off('connection', count);
    expect(r.bad).toBe(0);
    expect(sockets).toBeLessThanOrEqual(5);
    // 5 sockets × 5 answers/s = 25/s against 100/s offered: the last requests wait ~3 s.
    expect(r.max).toBeGreaterThanOrEqual(2000);
  });

  it('keeps offering while answers are slow: requests overlap instead of waiting', async () => {
    handler = (_q, res) => setTimeout(() => res.end('ok'), 300);
    const r = await openLoop(`${base}/`, { rate: 100, seconds: 1 });
    expect(r.bad).toBe(0);
    // 300 ms answers at 100/s: about 30 outstanding at once.
    expect(r.peakInFlight).toBeGreaterThanOrEqual(15);
    expect(r.p50).toBeGreaterThanOrEqual(300);
  });

  it('times each request from when it was due, so a stall counts for the requests it delayed', async () => {
    handler = (_q, res) => res.end('ok');
    const stall = setTimeout(() => {
      const until = performance.now() + 250;
      while (performance.now() < until); // the process (server and load alike) stops for 250 ms
    }, 300);
    const r = await openLoop(`${base}/`, { rate: 100, seconds: 1 });
    clearTimeout(stall);
    expect(r.bad).toBe(0);
    expect(r.max).toBeGreaterThanOrEqual(200);
    expect(r.p50).toBeLessThan(150);
  });

  it('counts answers that are not 2xx as bad, not as latency', async () => {
    let n = 0;
    handler = (_q, res) => {
      res.statusCode = n++ % 2 ? 500 : 200;
      res.end();
    };
    const r = await openLoop(`${base}/`, { rate: 100, seconds: 1 });
    expect(r.bad).toBe(50);
    expect(r.rps).toBeGreaterThan(25);
    expect(r.rps).toBeLessThan(75);
  });
});

describe('quantile', () => {
  it('is the nearest rank of a sorted list', () => {
    const xs = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(quantile(xs, 0.5)).toBe(50);
    expect(quantile(xs, 0.99)).toBe(99);
    expect(quantile(xs, 1)).toBe(100);
    expect(quantile([], 0.5)).toBeNaN();
  });
});
