import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { chromium } from 'playwright-core';
import { startServer } from '../helpers/server.js';

const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

describe('the human API docs page in a real browser', () => {
  test('renders every endpoint group and the TTS operation', async (t) => {
    if (!fs.existsSync(CHROMIUM)) {
      t.skip(`Chromium not found at ${CHROMIUM} (apt-get install chromium); .ci/run installs it`);
      return;
    }
    const server = await startServer();
    const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vl-chromium-'));
    t.after(async () => {
      await server.close();
      fs.rmSync(userDataDir, { recursive: true, force: true });
    });
    const browser = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM,
      headless: true,
      // Without the background-networking flags Chromium keeps dialling out on a closed network.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    t.after(() => browser.close());
    {
      const page = await browser.newPage();
      const failures: string[] = [];
      page.on('requestfailed', (r) => failures.push(r.url()));
      await page.goto(`${server.url}/docs/`);
      await page.waitForSelector('.opblock', { timeout: 20_000 });
      const paths = await page.$$eval('.opblock-summary-path', (els) => els.map((e) => e.textContent?.trim()));
      for (const p of ['/api/v1/tts', '/api/v1/voices', '/api/v1/voices/clones', '/api/v1/models', '/api/v1/ping']) {
        assert.ok(paths.some((x) => x?.replace(/\u200b/g, '') === p), `${p} shown; saw ${paths.join(', ')}`);
      }
      // Open the TTS operation and see its request schema rendered from our TypeBox schema.
      await page.click('#operations-tts-post_api_v1_tts .opblock-summary');
      await page.waitForSelector('#operations-tts-post_api_v1_tts .opblock-body');
      const body = await page.textContent('#operations-tts-post_api_v1_tts');
      assert.match(body ?? '', /Generate speech/);
      assert.deepEqual(
        failures.filter((u) => u.startsWith(server.url)),
        [],
        'every asset of the page loads from the service itself',
      );
    }
  });
});
