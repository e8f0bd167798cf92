/**
 * Packages the extension as vsce would from this repository, without building again: a copy of what `vsce ls` lists
 * (the bundles already built), the manifest without vscode:prepublish and .vscodeignore, in a temporary folder,
 * packaged with the vsce arguments given. The unit tests read its output for warnings; the looks step packages the
 * README's pictures against a base URL, as a public gallery's package has them against the repository.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const REPO = path.resolve(__dirname, '../../..');
export const VSCE = path.join(REPO, 'node_modules', '.bin', 'vsce');

/** What `vsce ls` lists from the repository, sorted. */
export function vsceLs(): string[] {
  return execFileSync(VSCE, ['ls', '--no-dependencies'], { cwd: REPO, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
    .split('\n')
    .filter(Boolean)
    .sort();
}

export interface StagedVsix {
  /** vsce's exit status and everything it printed. */
  status: number | null;
  printed: string;
  vsix: string;
  /** Entries of the VSIX (unzip -Z1), when it was made. */
  entries: string[];
  /** The README as packaged. */
  readme: string;
  remove(): void;
}

/** `vsce package <args> -o <temporary>.vsix` over a copy of what `vsce ls` lists. */
export function packageStaged(args: readonly string[]): StagedVsix {
  const stage = fs.mkdtempSync(path.join(os.tmpdir(), 'vsix-'));
  const remove = (): void => fs.rmSync(stage, { recursive: true, force: true });
  try {
    for (const file of [...vsceLs(), '.vscodeignore']) {
      fs.mkdirSync(path.dirname(path.join(stage, file)), { recursive: true });
      fs.copyFileSync(path.join(REPO, file), path.join(stage, file));
    }
    const manifest = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    delete manifest.scripts['vscode:prepublish'];
    fs.writeFileSync(path.join(stage, 'package.json'), JSON.stringify(manifest, null, 2));
    const vsix = path.join(stage, 'out.vsix');
    const run = spawnSync(VSCE, ['package', ...args, '-o', vsix], { cwd: stage, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' } });
    const made = run.status === 0 && fs.existsSync(vsix);
    const entries = made ? execFileSync('unzip', ['-Z1', vsix], { encoding: 'utf8' }).split('\n').filter(Boolean) : [];
    const readmeEntry = entries.find((entry) => /^extension\/readme\.md$/i.test(entry));
    const readme = readmeEntry ? execFileSync('unzip', ['-p', vsix, readmeEntry], { encoding: 'utf8' }) : '';
    return { status: run.status, printed: `${run.stdout}${run.stderr}`, vsix, entries, readme, remove };
  } catch (error) {
    remove();
    throw error;
  }
}
