/** Experiment (not committed): can the offline editor show our tool's confirmation in chat? */
import * as path from 'node:path';
import { launchBrowser } from '../harness/browser';
import { startCodeServer, stopExtensionSandbox } from '../harness/codeServer';
import { REPO } from '../harness/tools';
import { buildChatParticipantVsix, PARTICIPANT } from './chatParticipant';
import { STEP_TIMEOUT, runCommand, treeRow, view } from './workbench';

async function main(): Promise<void> {
  const server = await startCodeServer({ vsix: [path.join(REPO, 'dist', 'standards-explorer.vsix'), buildChatParticipantVsix()] });
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 850 } });
    await server.login(page.context());
    await page.goto(server.workbenchUrl());
    await page.locator('.monaco-workbench').waitFor({ timeout: STEP_TIMEOUT });
    await runCommand(page, 'Standards: Connect to Local Sandbox');
    await page.locator('.statusbar-item', { hasText: '(sandbox)' }).first().waitFor({ timeout: STEP_TIMEOUT });
    void view; void treeRow;
    await page.screenshot({ path: '/tmp/chat-0.png' });
    await page.keyboard.press('Control+Alt+I');
    await page.waitForTimeout(3000);
    await page.screenshot({ path: '/tmp/chat-1.png' });
    const input = page.locator('.interactive-input-part .monaco-editor textarea, .chat-input-container textarea').first();
    await input.click({ timeout: 10000 }).catch((e: unknown) => console.log('no input', String(e).slice(0, 200)));
    await page.keyboard.type(`@${PARTICIPANT} quality management`);
    await page.screenshot({ path: '/tmp/chat-2.png' });
    await page.keyboard.press('Enter');
    for (let i = 3; i < 8; i++) {
      await page.waitForTimeout(3000);
      await page.screenshot({ path: `/tmp/chat-${i}.png` });
    }
  } finally {
    await browser.close();
    await server.stop();
    stopExtensionSandbox(server.profile);
  }
}
main().then(() => process.exit(0), (e: unknown) => { console.error(e); process.exit(1); });
