import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { options as preactOptions } from 'preact';
import { afterEach, vi } from 'vitest';
import i18n from './src/lib/i18n';
import { loadLiveEventParser } from './src/lib/live/live-client';

// On a loaded 2-core machine lazy pages and first renders can take seconds: wait for
// conditions generously (a passing test still returns as soon as they hold).
configure({ asyncUtilTimeout: 10_000 });

// Tests push live frames and read the result synchronously: the lazily loaded event check
// (live-client.ts) is there before the first test. live-client.test.ts checks the lazy path.
await loadLiveEventParser();

// On Preact (the renderer, renderer.ts): Preact runs effects after the next frame
// (requestAnimationFrame, or 35 ms without one); a browser paints every ~16 ms, jsdom never.
// Tests that act right after a render which happened outside act() (data arriving) would find
// focus not yet moved and observers not yet attached: run effects on the next task, as React's
// scheduler does.
if (process.env.OTAKURA_RENDERER !== 'react') {
  preactOptions.requestAnimationFrame = (callback) => setTimeout(callback, 0);
}

// Component tests read English, the spec's strings.
void i18n.changeLanguage('en');

// jsdom does not implement scrolling; React Router's ScrollRestoration calls it.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

// jsdom has no ResizeObserver; Radix measures some controls (radio groups, switches) with it.
if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}

afterEach(() => {
  cleanup();
  localStorage.clear();
  document.documentElement.removeAttribute('data-theme');
});
