/** The agent tools in VS Code (the core's tools over the session): loaded on the first call (its own bundle: esbuild.js). */
export { createAgentTools } from './agentToolsHost';
