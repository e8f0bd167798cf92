/** The commands on one clause or standard: loaded with the first of them, its own bundle (esbuild.js). */
export { clauseCommands } from './clauseCommands';
