/** Finding a webview's page in code-server, which nests each webview in two iframes. */
import type { Frame, Page } from 'playwright-core';

/** The first frame that has an element matching `selector`, waiting up to `timeoutMs` for one to appear. */
export async function frameWith(page: Page, selector: string, what: string, timeoutMs: number): Promise<Frame> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await page.waitForTimeout(250))
    for (const frame of page.frames())
      if (
        (await frame
          .locator(selector)
          .count()
          .catch(() => 0)) > 0
      )
        return frame;
  throw new Error(`no ${what} frame (${selector})`);
}

/** The webview frame that shows the clause page, once it has its heading. */
export function clauseFrame(page: Page, timeoutMs = 60_000): Promise<Frame> {
  return frameWith(page, 'main#page h1', 'clause page with a heading', timeoutMs);
}
