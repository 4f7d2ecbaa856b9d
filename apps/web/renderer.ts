/*
 * The renderer: the app is written against React's API (react, react-dom, react/jsx-runtime) and
 * runs on Preact's compatibility layer, in the build and in the component tests alike, so what the
 * tests render is what ships. React DOM alone was 64 kB gzip of every page's first load; Preact
 * with compat is ~11 kB (issue 10's budgets; docs/web.md, "Renderer"). The libraries we use (React
 * Router, Radix, TanStack Query, react-i18next, react-hook-form, lucide) resolve `react` through
 * these aliases too, so there is one renderer in the bundle.
 *
 * `OTAKURA_RENDERER=react` builds and tests on React itself: the way back if a library we add
 * needs React, and how the two were compared.
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
