import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { CHROMIUM_SKIP, launchChromium } from '../helpers/browser.js';
import { startServer } from '../helpers/server.js';

describe('the human API docs page in a real browser', { skip: CHROMIUM_SKIP ?? false }, () => {
  test('renders every endpoint group and the TTS operation', async (t) => {
    const server = await startServer();
    t.after(() => server.close());
    const browser = await launchChromium();
    t.after(() => browser.close());
    const page = await browser.context.newPage();
    const failures: string[] = [];
    page.on('requestfailed', (r) => failures.push(r.url()));
    await page.goto(`${server.url}/docs/`);
    await page.waitForSelector('.opblock', { timeout: 20_000 });
    const paths = await page.$$eval('.opblock-summary-path', (els) => els.map((e) => e.textContent?.trim()));
    for (const p of ['/api/v1/tts', '/api/v1/voices', '/api/v1/voices/clones', '/api/v1/models', '/api/v1/ping', '/api/v1/lexicons']) {
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
  });
});
