/** Adding, renaming, removing and switching environments: loaded on first use (src/lazy.ts). */
export { addEnvironment, removeEnvironment, renameEnvironment, switchEnvironment } from '../commands/environments';
