/** Adding, renaming, removing and switching environments: loaded on first use (src/extension/lazy.ts). */
export { addEnvironment, removeEnvironment, renameEnvironment, switchEnvironment } from '../commands/environments';
