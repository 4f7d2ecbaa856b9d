// Import resolver for eslint-plugin-boundaries (eslint-module-utils resolver interface v2).
// It resolves what the apps' bundlers and TypeScript resolve: the web's `@/…` alias, TypeScript
// extensions, and the workspace package `@otakura/shared` to its real path (so it is classified
// as the `shared` element, not as an outside package). Everything else goes to the node resolver
// that eslint-plugin-boundaries itself depends on.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const webSrc = path.join(root, 'apps/web/src');
const nodeResolver = require(
  require.resolve('eslint-import-resolver-node', {
    paths: [path.dirname(require.resolve('eslint-plugin-boundaries'))],
  }),
);
const extensions = ['.ts', '.tsx', '.mjs', '.js', '.cjs', '.json'];

exports.interfaceVersion = 2;

exports.resolve = function resolve(source, file, config) {
  let target = source;
  if (source === '@' || source.startsWith('@/')) {
    target = path.join(webSrc, source.slice(2));
  }
  const result = nodeResolver.resolve(target, file, { extensions, ...config });
  if (result.found && result.path && result.path.includes(`${path.sep}node_modules${path.sep}`)) {
    const real = fs.realpathSync(result.path);
    if (!real.includes(`${path.sep}node_modules${path.sep}`)) return { found: true, path: real };
  }
  return result;
};
