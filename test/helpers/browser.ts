import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, type Page, chromium } from 'playwright-core';

/** Debian's Chromium, never a downloaded browser (.ci/run installs the package). */
export const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
const MISSING = `Chromium not found at ${CHROMIUM} (apt-get install chromium); .ci/run installs it`;

/**
 * Why the browser tests skip here, or null when they run. Outside CI a missing Chromium skips them
 * with this message; in CI (CI set) it never does: `launchChromium` then fails the test instead,
 * as test/helpers/services.ts does for S3 and Redis.
 */
export const CHROMIUM_SKIP = fs.existsSync(CHROMIUM) || process.env['CI'] ? null : MISSING;

/** Where the Studio tests leave their screenshots; the README's Studio section shows them. */
export const SCREENSHOTS = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../../docs/screenshots');

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

/**
 * A headless Chromium with its own profile. Audio may start without a click (the tests press
 * play from script), and the microphone is Chromium's fake device, fed `audioFile` when given.
 */
export async function launchChromium(options: { audioFile?: string } = {}): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`${MISSING}. CI is set, so the browser tests fail rather than skip.`);
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vl-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1000, height: 900 },
    // Without the background-networking flags Chromium keeps dialling out on a closed network.
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--autoplay-policy=no-user-gesture-required',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      ...(options.audioFile ? [`--use-file-for-fake-audio-capture=${options.audioFile}`] : []),
    ],
  });
  return {
    context,
    async close() {
      await context.close();
      fs.rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/** Opens the Studio and signs in with `key` through the form, as a user does. */
export async function signIn(context: BrowserContext, url: string, key: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${url}/`);
  await page.getByLabel('API key').fill(key);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForSelector('.account-bar .account:has-text("points")');
  return page;
}

export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: false });
}
