/**
 * The public page's links: `repository`, `bugs` and `homepage` of package.json, all three from one URL (the
 * repository's), so they cannot point to different places. There is no public repository yet, so they are not set:
 * local packages (`npm run package`, for the tests and the demo) ship the README's pictures inside the VSIX and need
 * none, but a package for a public gallery (Marketplace, Open VSX, npm) is refused until they are.
 *
 *   node out/scripts/publish-check.js                 exit 1 with what to do unless the three are set and agree
 *   node out/scripts/publish-check.js --if-publishing the same, only when run under `vsce publish` or `ovsx publish`
 *                                                     (vscode:prepublish runs for packaging too); else exit 0
 *   node out/scripts/publish-check.js --set URL       writes the three from the repository's URL (npm run set-repository -- URL)
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

const REPO = path.resolve(__dirname, '../..');

export interface PublicLinks {
  repository?: string | { type?: string; url?: string };
  bugs?: string | { url?: string };
  homepage?: string;
}

/** The three links, as `set-repository` writes them. */
export interface Links {
  repository: { type: 'git'; url: string };
  bugs: { url: string };
  homepage: string;
}

/** The three links as they follow from one repository URL (`https://host/owner/name`, no `.git`, no trailing slash). */
export function linksFrom(repositoryUrl: string): Links {
  const url = repositoryUrl
    .trim()
    .replace(/\/+$/, '')
    .replace(/\.git$/, '');
  return { repository: { type: 'git', url }, bugs: { url: `${url}/issues` }, homepage: `${url}#readme` };
}

/** What keeps `manifest` from a public gallery, each said with what to do; empty when nothing does. */
export function galleryProblems(manifest: PublicLinks): string[] {
  const repository = typeof manifest.repository === 'string' ? manifest.repository : manifest.repository?.url;
  if (!repository) {
    return [
      'package.json has no "repository" (nor "bugs" and "homepage", which follow from it): the public page would have no ' +
        "source, issue or home link, and the README's relative links and pictures could not be rewritten against it. " +
        "Set all three from the repository's URL: npm run set-repository -- https://github.com/OWNER/NAME",
    ];
  }
  let parsed: URL | undefined;
  try {
    parsed = new URL(repository);
  } catch {
    // reported below
  }
  if (parsed?.protocol !== 'https:')
    return [`package.json "repository" is "${repository}": it must be the repository's https URL (npm run set-repository -- https://github.com/OWNER/NAME).`];
  const expected = linksFrom(repository);
  const bugs = typeof manifest.bugs === 'string' ? manifest.bugs : manifest.bugs?.url;
  const problems: string[] = [];
  if (bugs !== expected.bugs.url) problems.push(`package.json "bugs" is ${JSON.stringify(bugs ?? null)}, not "${expected.bugs.url}" as its "repository" says.`);
  if (manifest.homepage !== expected.homepage)
    problems.push(`package.json "homepage" is ${JSON.stringify(manifest.homepage ?? null)}, not "${expected.homepage}" as its "repository" says.`);
  if (problems.length > 0) problems.push(`Write all three from the one URL again: npm run set-repository -- ${expected.repository.url}`);
  return problems;
}

/** The command lines of this process's ancestors, nearest first (Linux: /proc; elsewhere none are known). */
function ancestorCommandLines(): string[][] {
  const lines: string[][] = [];
  let pid = process.ppid;
  for (let depth = 0; depth < 20 && pid > 1; depth++) {
    try {
      lines.push(fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean));
      // Field 4 of stat is the parent's id; the command name (field 2) may hold spaces, so read after its ')'.
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      pid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    } catch {
      break;
    }
  }
  return lines;
}

/** Whether one of `commandLines` is `vsce publish` or `ovsx publish` (through node, npx or a shell). */
export function underGalleryPublish(commandLines: string[][]): boolean {
  return commandLines.some(
    (argv) => argv.some((arg) => /(^|[/\\])(vsce|ovsx)(\.js)?$|@vscode[/\\]vsce[/\\]|[/\\]ovsx[/\\]/.test(arg)) && argv.includes('publish'),
  );
}

function main(args: string[]): number {
  const file = path.join(REPO, 'package.json');
  const text = fs.readFileSync(file, 'utf8');
  const manifest = JSON.parse(text) as PublicLinks & Record<string, unknown>;
  if (args[0] === '--set') {
    if (!args[1]) {
      console.error('Usage: npm run set-repository -- https://github.com/OWNER/NAME');
      return 2;
    }
    const links = linksFrom(args[1]);
    const problems = galleryProblems(links);
    if (problems.length > 0) {
      console.error(problems.join('\n'));
      return 2;
    }
    fs.writeFileSync(file, `${JSON.stringify({ ...manifest, ...links }, null, 2)}\n`);
    console.log(`package.json: repository ${links.repository.url}, bugs ${links.bugs.url}, homepage ${links.homepage}`);
    return 0;
  }
  if (args[0] === '--if-publishing' && !underGalleryPublish(ancestorCommandLines())) return 0;
  const problems = galleryProblems(manifest);
  if (problems.length === 0) return 0;
  console.error(`Not packaging for a public gallery:\n- ${problems.join('\n- ')}\n(A local package for tests and the demo: npm run package.)`);
  return 1;
}

if (require.main === module) process.exitCode = main(process.argv.slice(2));
