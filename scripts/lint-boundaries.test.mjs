// Proves that eslint.config.js turns a broken import boundary into an error: each case lints a
// small in-memory snippet as if it lived at the given path, with the repository's real config.
import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
let eslint;

// Imported targets must exist, or the import is unresolved and proves nothing.
const targets = {
  authFeature: 'apps/web/src/features/auth/api/auth-client.ts',
  webLib: 'apps/web/src/lib/api-client.ts',
  serverApp: 'apps/server/src/app.ts',
  serverIds: 'apps/server/src/lib/ids.ts',
};

beforeAll(() => {
  for (const file of Object.values(targets))
    expect(fs.existsSync(path.join(root, file))).toBe(true);
  eslint = new ESLint({ cwd: root });
});

/** The rule ids and messages ESLint reports for `code` placed at `filePath`. */
async function lint(filePath, code) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return result.messages.map((m) => ({ ruleId: m.ruleId, message: m.message }));
}

const boundaryErrors = (messages) => messages.filter((m) => m.ruleId === 'boundaries/dependencies');

describe('import boundaries (eslint.config.js)', () => {
  it('rejects a feature importing another feature through the @/ alias', async () => {
    const messages = await lint(
      'apps/web/src/features/posts/components/boundary-probe.tsx',
      "import { authClient } from '@/features/auth/api/auth-client';\nexport const probe = authClient;\n",
    );
    expect(boundaryErrors(messages)).toEqual([
      expect.objectContaining({
        message: expect.stringMatching(/features do not import other features \(posts → auth\)/),
      }),
    ]);
  });

  it('rejects a feature importing another feature through a relative path', async () => {
    const messages = await lint(
      'apps/web/src/features/posts/components/boundary-probe.tsx',
      "import { authClient } from '../../auth/api/auth-client';\nexport const probe = authClient;\n",
    );
    expect(boundaryErrors(messages)).toHaveLength(1);
  });

  it('lets a feature import its own files, lib/ and the shared contract', async () => {
    const messages = await lint(
      'apps/web/src/features/auth/components/boundary-probe.tsx',
      [
        "import { authClient } from '../api/auth-client';",
        "import { api } from '@/lib/api-client';",
        "import { ApiErrorBodySchema } from '@otakura/shared';",
        'export const probe = [authClient, api, ApiErrorBodySchema];',
        '',
      ].join('\n'),
    );
    expect(messages).toEqual([]);
  });

  it('rejects lib/ importing a feature (lib sits below features)', async () => {
    const messages = await lint(
      'apps/web/src/lib/boundary-probe.ts',
      "import { authClient } from '@/features/auth/api/auth-client';\nexport const probe = authClient;\n",
    );
    expect(boundaryErrors(messages)).toHaveLength(1);
  });

  it('rejects the web importing the server', async () => {
    const messages = await lint(
      'apps/web/src/app/boundary-probe.ts',
      "import { buildApp } from '../../../server/src/app';\nexport const probe = buildApp;\n",
    );
    expect(boundaryErrors(messages)).toEqual([
      expect.objectContaining({ message: 'the web never imports the server' }),
    ]);
  });

  it('rejects shared code importing an app', async () => {
    const messages = await lint(
      'packages/shared/src/boundary-probe.ts',
      "import { api } from '../../../apps/web/src/lib/api-client';\nexport const probe = api;\n",
    );
    expect(boundaryErrors(messages)).toEqual([
      expect.objectContaining({ message: 'shared code does not import apps' }),
    ]);
  });

  it("rejects the server's lib/ importing the app (lib sits below modules)", async () => {
    const messages = await lint(
      'apps/server/src/lib/boundary-probe.ts',
      "import { buildApp } from '../app';\nexport const probe = buildApp;\n",
    );
    expect(boundaryErrors(messages)).toHaveLength(1);
  });

  it('rejects a file name that is not kebab-case', async () => {
    const messages = await lint(
      'apps/web/src/components/ui/BoundaryProbe.tsx',
      'export const probe = 1;\n',
    );
    expect(messages.map((m) => m.ruleId)).toContain('check-file/filename-naming-convention');
  });
});
