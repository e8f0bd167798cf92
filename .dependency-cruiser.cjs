/**
 * The house's rules as dependency-cruiser checks them (`npm run lint`; docs/architecture.md explains them). ESLint's
 * no-restricted-imports holds the same arrows file by file; this adds what one file cannot see: circles.
 */
/** The hosts: each stands on src/core and never on another. */
const HOSTS = '^src/(extension|webview|cli)/';

module.exports = {
  forbidden: [
    {
      name: 'core-to-host',
      comment: 'src/core runs without an editor (the CLI, the MCP server, plain Node tests): it never imports a host.',
      severity: 'error',
      from: { path: '^src/core/' },
      to: { path: [HOSTS, '^src/extension[.]ts$'] },
    },
    {
      name: 'host-to-host',
      comment: 'Hosts never import each other; the VS Code host reaches a page only through its protocol (src/webview/*.ts).',
      severity: 'error',
      from: { path: '^src/(extension|webview|cli)/' },
      to: { path: '^src/(extension|webview/page|cli)/', pathNot: '^src/$1/' },
    },
    {
      name: 'no-circle-across-folders',
      comment: 'A circle of imports stays inside one folder, or the folders cannot be understood (or split) one at a time.',
      severity: 'error',
      from: { path: '^(src/.+)/[^/]+$' },
      to: { circular: true, viaSomeNot: '^$1/[^/]+$' },
    },
    {
      name: 'bench-only-packages',
      comment: 'Search libraries are installed to be measured against our index (bench/peers.ts), never shipped: src never imports them.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: 'node_modules/(minisearch|flexsearch|@leeoniya/ufuzzy|@orama/orama)/' },
    },
    {
      name: 'no-folder-circle',
      comment: 'Folders depend on each other one way: no folder reaches back to one that reaches it.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^src/' },
      to: { circular: true },
    },
  ],
  options: {
    tsConfig: { fileName: 'tsconfig.json' },
    // Type-only imports count: a circle of types is still a circle a reader has to hold in their head.
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    // node_modules is left out, but for the bench-only packages: kept so that bench-only-packages sees an import of them.
    exclude: { path: '^(out|dist)/|^node_modules/(?!(minisearch|flexsearch|@leeoniya/ufuzzy|@orama/orama)/)' },
    reporterOptions: {
      archi: { collapsePattern: '^src/(core|extension|webview|cli)/[^/]+' },
    },
  },
};
