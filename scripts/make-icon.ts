/**
 * Renders the marketplace icon (media/icon.png, 128×128) from the activity-bar glyph (media/standards.svg) in
 * Debian's Chromium: a white book on a blue tile. Run once after changing either: npm run compile && node
 * out/scripts/make-icon.js. (The PNG is committed; nothing runs this at build time.)
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { launchBrowser } from '../test/harness/browser';

const REPO = path.resolve(__dirname, '../..');

async function main(): Promise<void> {
  const glyph = readFileSync(path.join(REPO, 'media', 'standards.svg'), 'utf8').replace('stroke="currentColor"', 'stroke="#ffffff"');
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ viewport: { width: 128, height: 128 } });
    await page.setContent(`<html><body style="margin:0;background:transparent">
      <div style="width:128px;height:128px;border-radius:24px;background:linear-gradient(135deg,#1f6feb,#0b3d91);display:flex;align-items:center;justify-content:center">
        <div style="width:92px;height:92px">${glyph.replace('width="24" height="24"', 'width="92" height="92"')}</div>
      </div></body></html>`);
    await page.screenshot({ path: path.join(REPO, 'media', 'icon.png'), omitBackground: true, clip: { x: 0, y: 0, width: 128, height: 128 } });
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
