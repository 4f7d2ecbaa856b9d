// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/migrations/**', 'e2e-screens/**'],
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
  // The service worker runs in its own global scope.
  {
    files: ['apps/web/public/sw.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  // Shared code imports no app, no framework.
  {
    files: ['packages/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/**', '@otakura/server*', '@otakura/web*'],
              message: 'shared code does not import apps',
            },
            {
              group: ['react', 'react-dom', 'fastify', 'drizzle-orm*'],
              message: 'shared is framework-free',
            },
          ],
        },
      ],
    },
  },
  // The web app never imports the server; features never import other features.
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/server/**', '@otakura/server*'],
              message: 'the web never imports the server',
            },
          ],
        },
      ],
    },
  },
  ...[
    'auth',
    'users',
    'settings',
    'posts',
    'feed',
    'comments',
    'communities',
    'media',
    'shop',
    'cart',
    'orders',
    'moderation',
    'live',
  ].map((f) => ({
    files: [`apps/web/src/features/${f}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/server/**', '@otakura/server*'],
              message: 'the web never imports the server',
            },
            {
              group: [
                '@/features/*',
                '**/features/*',
                `!@/features/${f}`,
                `!@/features/${f}/**`,
                `!**/features/${f}/**`,
              ],
              message: 'features do not import other features; compose them in app/',
            },
          ],
        },
      ],
    },
  })),
);
