/*
 * The renderer. The app is written against React's API (react, react-dom, react/jsx-runtime) and
 * runs on React. `OTAKURA_RENDERER=preact` builds and tests it on Preact 11's compatibility layer
 * instead (issue 10's budgets: React DOM is 64 kB gzip of every first load, Preact with compat
 * ~10 kB): the aliases below, in the build and in the component tests alike. It is not the
 * default: the component tests pass on it, but three browser journeys do not yet (docs/web.md,
 * "Renderer"), so it stays an opt-in until they do.
 */
import type { Alias } from 'vite';

export const renderer = process.env.OTAKURA_RENDERER === 'preact' ? 'preact' : 'react';

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
