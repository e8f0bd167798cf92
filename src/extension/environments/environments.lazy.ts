/** Adding, renaming, removing and switching environments: loaded on first use (its own bundle: esbuild.js). */
export { addEnvironment, removeEnvironment, renameEnvironment, switchEnvironment } from './environmentCommands';
