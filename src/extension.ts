/** The VS Code extension's entry point (package.json `main`, bundled to dist/extension.js): src/extension/ is the host. */
export { activate, deactivate, type StandardsExplorerApi } from './extension/activate';
