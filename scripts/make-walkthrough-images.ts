/**
 * The walkthrough's pictures (media/walkthrough/*.jpg), cut from the end-to-end screenshots in test-results/ (so
 * they show the extension as it is): each scaled to 900 px wide, as JPEG to keep the VSIX small. Run after
 * `npm run test:e2e`: npm run compile && node out/scripts/make-walkthrough-images.js.
 */
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { launchBrowser } from '../test/harness/browser';

const REPO = path.resolve(__dirname, '../..');
const RESULTS = path.join(REPO, 'test-results');

/** Picture name → end-to-end screenshot (its name without the step number). */
const PICTURES: Record<string, string> = {
  connect: 'connect-to-local-sandbox',
  find: 'find-standard-ranked-list',
  beside: 'open-JSON-to-the-side',
  insert: 'insert-scope-reference',
  pin: 'pinned-section',
  doctor: 'connection-doctor-report',
};

async function main(): Promise<void> {
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ viewport: { width: 900, height: 546 } });
    for (const [name, shot] of Object.entries(PICTURES)) {
      const file = [`e2e-${shot}.png`, ...Array.from({ length: 20 }, (_, i) => `e2e-${String(i + 1).padStart(2, '0')}-${shot}.png`)]
        .map((f) => path.join(RESULTS, f))
        .find(existsSync);
      if (!file) {
        console.log(`no screenshot for ${name} (${shot}): run npm run test:e2e first`);
        continue;
      }
      const data = readFileSync(file).toString('base64');
      await page.setContent(`<html><body style="margin:0"><img style="width:900px;display:block" src="data:image/png;base64,${data}"></body></html>`);
      await page.screenshot({ path: path.join(REPO, 'media', 'walkthrough', `${name}.jpg`), type: 'jpeg', quality: 78 });
      console.log(`media/walkthrough/${name}.jpg from ${path.basename(file)}`);
    }
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
