import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** `<script>` elements without a `src`: their text is what the browser runs and hashes. */
const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script\s*>/gi;

/**
 * CSP sources (`'sha256-…'`) for the inline scripts of the built index.html, so script-src can
 * stay `'self'` plus exactly those texts. The web build inlines the theme boot script
 * (vite.config.ts, `inlineThemeBoot`): a render-blocking request fewer before first paint.
 * Read once at startup; a rebuild that changes an inline script needs a restart (a changed
 * script is refused by the browser, never run unchecked). No index.html: none.
 */
export function inlineScriptHashes(distDir: string): string[] {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) return [];
  return scriptHashesOf(readFileSync(indexFile, 'utf8'));
}

/** The `'sha256-…'` source of each inline script of `html`, in document order, without repeats. */
export function scriptHashesOf(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const text = match[1] ?? '';
    if (!text.trim()) continue;
    hashes.add(`'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}
