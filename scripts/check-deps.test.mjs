// The dependency check finds what a workspace imports without declaring it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkDependencies, importsOf, packageName } from './check-deps.mjs';

describe('importsOf', () => {
  it('names the packages of every import form, type-only ones marked', () => {
    const text = [
      "import React from 'react';",
      "import type { Page } from 'playwright-core';",
      "import { a } from '@scope/pkg/sub/path';",
      "import 'side-effect/style.css';",
      "export { b } from 'reexported';",
      "const lazy = () => import('lazy-lib');",
      "const old = require('old-lib');",
      "vi.mock('mocked-lib', () => ({}));",
      "import { c } from './relative';",
      "import { d } from '@/alias';",
      "import fs from 'node:fs';",
    ].join('\n');
    expect(Object.fromEntries(importsOf(text))).toEqual({
      react: false,
      'playwright-core': true,
      '@scope/pkg': false,
      'side-effect': false,
      reexported: false,
      'lazy-lib': false,
      'old-lib': false,
      'mocked-lib': false,
      'node:fs': false,
    });
  });

  it('reduces specifiers to package names', () => {
    expect(packageName('zod/v4')).toBe('zod');
    expect(packageName('@otakura/shared')).toBe('@otakura/shared');
    expect(packageName('../x')).toBeNull();
  });
});

describe('checkDependencies', () => {
  let dir;
  afterEach(() => dir && fs.rmSync(dir, { recursive: true, force: true }));

  function repo(files) {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'check-deps-'));
    for (const [file, content] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(
        path.join(dir, file),
        typeof content === 'string' ? content : JSON.stringify(content),
      );
    }
    return dir;
  }

  it('reports an import the workspace does not declare, and accepts declared, root tooling and builtins', () => {
    const root = repo({
      'package.json': { workspaces: ['apps/*'], devDependencies: { vitest: '4' } },
      'apps/web/package.json': { name: '@x/web', dependencies: { react: '19' } },
      'apps/web/src/a.ts':
        "import React from 'react';\nimport { it } from 'vitest';\nimport path from 'node:path';\nimport sharp from 'sharp';\n",
    });
    expect(checkDependencies(root)).toEqual([
      {
        workspace: '@x/web',
        file: path.join('apps/web/src/a.ts'),
        name: 'sharp',
        problem: 'not declared',
      },
    ]);
  });

  it("requires the server's runtime imports in dependencies, not devDependencies", () => {
    const root = repo({
      'package.json': { workspaces: ['apps/*'] },
      'apps/server/package.json': {
        name: '@otakura/server',
        dependencies: { fastify: '5' },
        devDependencies: { s3rver: '3', 'type-only': '1' },
      },
      'apps/server/src/app.ts':
        "import Fastify from 'fastify';\nimport S3rver from 's3rver';\nimport type { T } from 'type-only';\n",
      'apps/server/src/app.test.ts': "import S3rver from 's3rver';\n",
    });
    expect(checkDependencies(root)).toEqual([
      expect.objectContaining({ file: path.join('apps/server/src/app.ts'), name: 's3rver' }),
    ]);
  });
});
