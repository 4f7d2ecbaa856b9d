/*
 * The renderer. The app is written against React's API (react, react-dom, react/jsx-runtime,
 * @types/react) and runs on Preact 11's compatibility layer (`preact/compat`): React DOM is 64 kB
 * gzip of every first load, Preact with compat ~10 kB (issue 10's budgets). The aliases below
 * apply in the build and in the component tests alike, so the tests render with what ships.
 * `OTAKURA_RENDERER=react` builds and tests the same code on React itself, to compare or to
 * bisect a renderer difference (docs/web.md, "Renderer").
 */
import type { Alias } from 'vite';

export const renderer = process.env.OTAKURA_RENDERER === 'react' ? 'react' : 'preact';

export const rendererAliases: Alias[] =
  renderer === 'react'
    ? []
    : [
        { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
        { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
        { find: /^react-dom$/, replacement: 'preact/compat' },
        { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
        { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
        { find: /^react$/, replacement: 'preact/compat' },
        // react-i18next reads stores through this CommonJS shim of React 18's hook, which would
        // `require('react')`; compat has the hook itself.
        { find: /^use-sync-external-store\/shim$/, replacement: 'preact/compat' },
      ];

/**
 * For the component tests: Testing Library's CommonJS entry would `require('react-dom')` past
 * Vite's aliases, so its ES module build is used instead (the same code).
 */
export const testRendererAliases: Alias[] =
  renderer === 'react'
    ? []
    : [
        {
          find: /^@testing-library\/react$/,
          replacement: '@testing-library/react/dist/@testing-library/react.esm.js',
        },
        ...rendererAliases,
      ];
