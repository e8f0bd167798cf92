/** Debian's Chromium driven by playwright-core: no browser is downloaded. */
import { chromium, type Browser } from 'playwright-core';
import { tools } from './tools';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: tools.chromium, headless: true, args: CHROMIUM_ARGS });
}
