// @ts-check
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import checkFile from 'eslint-plugin-check-file';
import globals from 'globals';

const root = import.meta.dirname;

/**
 * Architectural elements, one per folder (docs/architecture.md, "Import boundaries").
 * Patterns are matched against the whole path from the repository root and the first
 * matching descriptor wins, so `apps/web/src/lib/format.ts` is `web-lib` and only the files
 * directly in `apps/web/src` (main.tsx) are `web-entry`.
 */
const elements = [
  // packages/shared: the wire contract.
  { type: 'shared', pattern: 'packages/shared/src' },
  // apps/web: app → features → components / lib.
  { type: 'web-app', pattern: 'apps/web/src/app' },
  { type: 'web-feature', pattern: 'apps/web/src/features/*', capture: ['feature'] },
  { type: 'web-components', pattern: 'apps/web/src/components' },
  { type: 'web-lib', pattern: 'apps/web/src/lib' },
  { type: 'web-assets', pattern: 'apps/web/src/{locales,styles}' },
  { type: 'web-test', pattern: 'apps/web/src/test' },
  { type: 'web-e2e', pattern: 'apps/web/e2e' },
  // apps/server: the entry files (app.ts, server.ts) compose modules; modules use the layers below.
  { type: 'server-module', pattern: 'apps/server/src/modules/*', capture: ['module'] },
  { type: 'server-plugins', pattern: 'apps/server/src/plugins' },
  { type: 'server-lib', pattern: 'apps/server/src/lib' },
  { type: 'server-db', pattern: 'apps/server/src/db' },
  { type: 'server-storage', pattern: 'apps/server/src/storage' },
  { type: 'server-config', pattern: 'apps/server/src/config' },
  { type: 'server-seed', pattern: 'apps/server/src/seed' },
  { type: 'server-cli', pattern: 'apps/server/src/cli' },
  { type: 'server-test', pattern: 'apps/server/src/test' },
  { type: 'server-bench', pattern: 'apps/server/bench' },
  // Last, so that the folders above win: the files directly in src/.
  { type: 'web-entry', pattern: 'apps/web/src' },
  { type: 'server-entry', pattern: 'apps/server/src' },
].map((e) => ({ ...e, partialMatch: false }));

const files = [
  { category: 'source', pattern: '**/*' },
  {
    category: 'test',
    pattern: ['**/*.test.{ts,tsx}', '**/*.test-helper{,s}.{ts,tsx}', '**/testing/**'],
  },
  { category: 'routes', pattern: 'apps/server/src/modules/*/*.routes.ts' },
];

/** @param {string | string[]} types */
const to = (types) => ({ to: { element: { types: { anyOf: [types].flat() } } } });
/** @param {string | string[]} types @param {boolean} [tests] only the test files of these elements */
const from = (types, tests = false) => ({
  element: { types: { anyOf: [types].flat() } },
  ...(tests ? { file: { categories: 'test' } } : {}),
});

const WEB = [
  'web-entry',
  'web-app',
  'web-feature',
  'web-components',
  'web-lib',
  'web-assets',
  'web-test',
  'web-e2e',
];
const SERVER_LAYERS = ['server-lib', 'server-db', 'server-storage', 'server-config', 'shared'];
const ALL_SERVER = [
  'server-entry',
  'server-module',
  'server-plugins',
  'server-seed',
  'server-cli',
  'server-test',
  ...SERVER_LAYERS,
];
const SERVER = [...ALL_SERVER.filter((t) => t !== 'shared'), 'server-bench'];

/** @type {import('eslint-plugin-boundaries').DependenciesPolicy[]} */
const policies = [
  // --- the contract
  { from: from('shared'), allow: to('shared') },
  // --- the web: app → features → components / lib; features never import each other.
  { from: from('web-entry'), allow: to(['web-app', 'web-lib', 'web-assets', 'shared']) },
  {
    from: from('web-app'),
    allow: to(['web-feature', 'web-components', 'web-lib', 'web-assets', 'shared']),
  },
  {
    from: from('web-feature'),
    allow: to(['web-components', 'web-lib', 'web-assets', 'shared']),
  },
  { from: from('web-components'), allow: to(['web-lib', 'web-assets', 'shared']) },
  { from: from('web-lib'), allow: to(['web-assets', 'shared']) },
  // Test helpers render with the app's providers, so they may reach anything on the web side.
  {
    from: from('web-test'),
    allow: to(['web-app', 'web-feature', 'web-components', 'web-lib', 'web-assets', 'shared']),
  },
  {
    from: from(['web-app', 'web-feature', 'web-components', 'web-lib'], true),
    allow: to('web-test'),
  },
  { from: from('web-e2e'), allow: to('shared') },
  // --- the server
  { from: from(['server-entry', 'server-bench']), allow: to(ALL_SERVER) },
  { from: from('server-test'), allow: to(ALL_SERVER) },
  { from: from(['server-config']), allow: to('shared') },
  { from: from(['server-lib']), allow: to(['server-config', 'shared']) },
  { from: from(['server-db', 'server-storage']), allow: to(SERVER_LAYERS) },
  // A module uses the layers below it and other modules' services, repositories and mappers,
  // but never another module's routes: app.ts alone registers routes.
  {
    from: from('server-module'),
    allow: to(['server-module', 'server-plugins', ...SERVER_LAYERS]),
  },
  {
    from: from('server-module'),
    disallow: { to: { element: { types: 'server-module' }, file: { categories: 'routes' } } },
    message: "a module does not import another module's routes; app.ts registers routes",
  },
  // Plugins wire the request context from modules' services (auth, live bus, mailer).
  { from: from('server-plugins'), allow: to(['server-module', ...SERVER_LAYERS]) },
  {
    from: from(['server-seed', 'server-cli']),
    allow: to(['server-module', 'server-seed', ...SERVER_LAYERS]),
  },
  // Test files anywhere on the server use the test helpers (and drive the CLI / seed).
  { from: from(ALL_SERVER, true), allow: to(['server-test', 'server-cli', 'server-seed']) },
  // The same rules once more, with the reason as the message (the last matching policy decides).
  {
    from: from('web-feature'),
    disallow: to('web-feature'),
    message:
      'features do not import other features ({{from.element.captured.feature}} → {{to.element.captured.feature}}); compose them in app/ or move the shared piece to lib/ or components/',
  },
  {
    from: from(WEB),
    disallow: to(SERVER),
    message: 'the web never imports the server',
  },
  {
    from: from('shared'),
    disallow: to([...WEB, ...SERVER]),
    message: 'shared code does not import apps',
  },
  // Production code never imports test files.
  {
    from: { file: { categories: { noneOf: ['test'] } } },
    disallow: { to: { file: { categories: 'test' } } },
    message: 'production code does not import tests or test helpers',
  },
];

/** What each disallowed edge breaks, for the error message. */
const message =
  '{{from.element.types.[0]}} may not import {{to.element.types.[0]}} ({{to.file.path}}): see docs/architecture.md "Import boundaries"';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      '**/migrations/**',
      'e2e-screens/**',
      'apps/server/bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  // CommonJS tooling (the lint resolver is loaded with require()).
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  // The service worker runs in its own global scope.
  {
    files: ['apps/web/public/sw.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // Import boundaries between the folders above, relative imports and aliases alike.
  {
    files: [
      'apps/*/src/**/*.{ts,tsx}',
      'apps/web/e2e/**/*.ts',
      'apps/server/bench/**/*.ts',
      'packages/shared/src/**/*.ts',
    ],
    plugins: { boundaries },
    settings: {
      'boundaries/root-path': root,
      'boundaries/elements': elements,
      'boundaries/files': files,
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
      'boundaries/legacy-templates': false,
      'import/resolver': { [path.join(root, 'scripts/eslint-resolver.cjs')]: {} },
    },
    rules: {
      'boundaries/dependencies': ['error', { default: 'disallow', message, policies }],
    },
  },
  // What no relative path can express: packages that only one side may use.
  {
    files: ['packages/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@otakura/server*', '@otakura/web*'],
              message: 'shared code does not import apps',
            },
            {
              group: [
                'react',
                'react-dom',
                'fastify',
                '@fastify/*',
                'drizzle-orm*',
                'better-auth*',
              ],
              message: 'shared is framework-free',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@otakura/server*', 'fastify', '@fastify/*', 'drizzle-orm*', 'pg'],
              message: 'the web never imports the server',
            },
          ],
        },
      ],
    },
  },
  // Kebab-case file and folder names (role suffixes such as `.routes.ts` or `.test.tsx` aside).
  {
    files: [
      'apps/**/*.{ts,tsx,js,mjs,cjs}',
      'packages/**/*.{ts,tsx,js,mjs}',
      'scripts/**/*.{js,mjs,cjs}',
    ],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx,js,mjs,cjs}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': [
        'error',
        { '{apps,packages,scripts}/**/': 'KEBAB_CASE' },
      ],
    },
  },
);
