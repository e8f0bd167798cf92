/**
 * Renders the marketplace icon (media/icon.png, 256×256: the size the Marketplace recommends) from the activity-bar glyph (media/standards.svg) in
 * Debian's Chromium: a white book on a blue tile. Run once after changing either: npm run compile && node
 * out/scripts/make-icon.js. (The PNG is committed; nothing runs this at build time.)
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { launchBrowser } from '../test/harness/browser';

const REPO = path.resolve(__dirname, '../..');
const SIZE = 256;
/** The glyph's box, in the same proportion to the tile as at 128 px (92 of 128). */
const GLYPH = Math.round((SIZE * 92) / 128);

async function main(): Promise<void> {
  const glyph = readFileSync(path.join(REPO, 'media', 'standards.svg'), 'utf8').replace('stroke="currentColor"', 'stroke="#ffffff"');
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ viewport: { width: SIZE, height: SIZE } });
    await page.setContent(`<html><body style="margin:0;background:transparent">
      <div style="width:${SIZE}px;height:${SIZE}px;border-radius:${SIZE * 0.1875}px;background:linear-gradient(135deg,#1f6feb,#0b3d91);display:flex;align-items:center;justify-content:center">
        <div style="width:${GLYPH}px;height:${GLYPH}px">${glyph.replace('width="24" height="24"', `width="${GLYPH}" height="${GLYPH}"`)}</div>
      </div></body></html>`);
    await page.screenshot({ path: path.join(REPO, 'media', 'icon.png'), omitBackground: true, clip: { x: 0, y: 0, width: SIZE, height: SIZE } });
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
