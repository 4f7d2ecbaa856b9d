/**
 * One Lighthouse run (the npm package's Node API) against Debian's Chromium: the browser is
 * launched here (headless, its own profile, `--remote-debugging-port`) and Lighthouse attaches
 * to that port. Mobile form factor with Lighthouse's default simulated throttling (the
 * default config), performance category only. A fresh browser per run, so no cache, socket
 * or service worker carries over from one run to the next.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createServer } from 'node:net';
import lighthouse from 'lighthouse';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface LighthouseFigures {
  url: string;
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  siMs: number;
  /** Transferred bytes by resource type (Lighthouse's resource-summary). */
  bytes: {
    document: number;
    script: number;
    stylesheet: number;
    font: number;
    image: number;
    total: number;
  };
  /** Requests by resource type. */
  requests: { script: number; stylesheet: number; font: number; image: number; total: number };
  lcpElement: string | null;
  /** Opportunities with estimated savings (ms), largest first. */
  opportunities: Array<{ id: string; savingsMs: number }>;
  /** render-blocking-resources' items (url, wasted ms). */
  renderBlocking: Array<{ url: string; ms: number }>;
  warnings: string[];
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** Starts Chromium with a DevTools port; resolves once the port answers. */
async function launchChromium(
  insecure = false,
): Promise<{ port: number; close: () => Promise<void> }> {
  const port = await freePort();
  const profile = mkdtempSync('/tmp/otk-lh-chrome-');
  const proc = spawn(
    CHROMIUM,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
      '--no-default-browser-check',
      '--disable-extensions',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--mute-audio',
      ...(insecure ? ['--ignore-certificate-errors'] : []),
      `--user-data-dir=${profile}`,
      `--remote-debugging-port=${port}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`Chromium did not open its DevTools port: ${stderr.slice(-500)}`)),
      30_000,
    );
    proc.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      if (stderr.includes('DevTools listening on')) {
        clearTimeout(timer);
        resolve();
      }
    });
    proc.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Chromium exited with ${code}: ${stderr.slice(-500)}`));
    });
    proc.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
  });
  proc.stderr.removeAllListeners('data');
  proc.stderr.resume();
  return {
    port,
    close: async () => {
      if (proc.exitCode === null) {
        const exited = new Promise((resolve) => proc.once('exit', resolve));
        proc.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (proc.exitCode === null) proc.kill('SIGKILL');
      }
      try {
        // Chromium's helpers may still be writing into the profile for a moment after exit.
        rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
      } catch {
        // A leftover /tmp/otk-lh-chrome-* directory is harmless.
      }
    },
  };
}

interface SummaryItem {
  resourceType: string;
  transferSize: number;
  requestCount: number;
}

function tableItems(details: unknown): Array<Record<string, unknown>> {
  if (details && typeof details === 'object' && 'items' in details && Array.isArray(details.items))
    return details.items as Array<Record<string, unknown>>;
  return [];
}

/**
 * Runs Lighthouse on `url` (`headers` go with every request: the session cookie; `insecure`:
 * accept the self-signed certificate of the bench's local nginx). A run whose
 * trace Lighthouse could not read (NO_NAVSTART, NO_FCP… on a loaded machine) is tried again,
 * up to `attempts` times in all, each in a fresh browser.
 */
export async function runLighthouse(
  url: string,
  headers: Record<string, string> = {},
  { attempts = 3, insecure = false }: { attempts?: number; insecure?: boolean } = {},
): Promise<LighthouseFigures> {
  for (let i = 1; ; i++) {
    try {
      return await runOnce(url, headers, insecure);
    } catch (err) {
      if (i >= attempts || !(err instanceof Error) || !err.message.startsWith('Lighthouse: '))
        throw err;
      console.warn(`${url}: ${err.message}; trying again`);
    }
  }
}

async function runOnce(
  url: string,
  headers: Record<string, string>,
  insecure: boolean,
): Promise<LighthouseFigures> {
  const chrome = await launchChromium(insecure);
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      extraHeaders: headers,
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const lhr = result.lhr;
    // OTK_LH_REPORTS=DIR keeps each run's whole report (audits, long tasks, network) to read.
    const reports = process.env.OTK_LH_REPORTS;
    if (reports) {
      mkdirSync(reports, { recursive: true });
      const name = `${new URL(url).pathname.replace(/\W+/g, '_') || 'root'}-${Date.now()}.json`;
      writeFileSync(path.join(reports, name), JSON.stringify(lhr));
      const trace = (result.artifacts as { Trace?: unknown }).Trace;
      if (trace)
        writeFileSync(
          path.join(reports, name.replace(/\.json$/, '.trace.json')),
          JSON.stringify(trace),
        );
    }
    if (lhr.runtimeError)
      throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const num = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const summary = tableItems(lhr.audits['resource-summary']?.details) as unknown as SummaryItem[];
    const by = (type: string) => summary.find((s) => s.resourceType === type);
    const bytes = (type: string) => by(type)?.transferSize ?? 0;
    const count = (type: string) => by(type)?.requestCount ?? 0;
    const lcpItems = tableItems(lhr.audits['largest-contentful-paint-element']?.details);
    // LCP element: a nested table (the element, then the phases).
    const lcpNode = lcpItems
      .flatMap((i) => tableItems(i))
      .map((i) => i.node as { snippet?: string } | undefined)
      .find((n) => n?.snippet);
    const opportunities = Object.values(lhr.audits)
      .map((a) => {
        const d = a.details as { type?: string; overallSavingsMs?: number } | undefined;
        return { id: a.id, savingsMs: d?.type === 'opportunity' ? (d.overallSavingsMs ?? 0) : 0 };
      })
      .filter((o) => o.savingsMs > 0)
      .sort((a, b) => b.savingsMs - a.savingsMs);
    const renderBlocking = tableItems(lhr.audits['render-blocking-resources']?.details).map(
      (i) => ({
        url: String(i.url),
        ms: Number(i.wastedMs ?? 0),
      }),
    );
    return {
      url,
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      fcpMs: num('first-contentful-paint'),
      lcpMs: num('largest-contentful-paint'),
      tbtMs: num('total-blocking-time'),
      cls: num('cumulative-layout-shift'),
      siMs: num('speed-index'),
      bytes: {
        document: bytes('document'),
        script: bytes('script'),
        stylesheet: bytes('stylesheet'),
        font: bytes('font'),
        image: bytes('image'),
        total: bytes('total'),
      },
      requests: {
        script: count('script'),
        stylesheet: count('stylesheet'),
        font: count('font'),
        image: count('image'),
        total: count('total'),
      },
      lcpElement: lcpNode?.snippet ?? null,
      opportunities,
      renderBlocking,
      warnings: lhr.runWarnings,
    };
  } finally {
    await chrome.close();
  }
}
