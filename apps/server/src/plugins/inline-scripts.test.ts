import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes, scriptHashesOf } from './inline-scripts';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('inline script hashes for the CSP', () => {
  it('hashes the exact text of each inline script, not scripts loaded by src', () => {
    const boot = "\n(function () { document.documentElement.dataset.theme = 'light'; })();\n";
    const html =
      `<head><script>${boot}</script><script src="/theme-boot.js"></script>` +
      '<script type="module" src="/assets/a.js"></script>' +
      `<script type="module">import('/b.js')</script></head>`;
    expect(scriptHashesOf(html)).toEqual([sha(boot), sha("import('/b.js')")]);
  });

  it('gives none for a page without inline scripts, an empty one, or no built page', () => {
    expect(scriptHashesOf('<script src="/a.js"></script><script>  </script>')).toEqual([]);
    expect(inlineScriptHashes(path.join(tmpdir(), 'otakura-no-such-dist'))).toEqual([]);
  });

  it('reads the built index.html', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'otakura-inline-'));
    writeFileSync(path.join(dir, 'index.html'), '<script>a()</script><script>a()</script>');
    expect(inlineScriptHashes(dir)).toEqual([sha('a()')]);
  });
});
