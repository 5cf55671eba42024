import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { type Browser, CHROMIUM_SKIP, launchChromium, signIn } from '../helpers/browser.js';
import { type Account, type TestServer, startServer } from '../helpers/server.js';

/**
 * What a user without a mouse or with a phone gets: the whole path from signing in to a generated
 * result with Tab, Enter, Space and arrow keys only, and every tab readable at 390 px without
 * scrolling sideways.
 */
describe('Voicelib Studio in Chromium: keyboard only, phone-sized screens', { skip: CHROMIUM_SKIP ?? false }, () => {
  let server: TestServer;
  let account: Account;
  let browser: Browser;
  before(async () => {
    server = await startServer({ RATE_LIMIT_PER_MINUTE: '10000' });
    account = await server.createAccount('pro', 5000);
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  test('sign in, write, pick a voice and a model, Generate: keyboard only', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${server.url}/`);
    await tabTo(page, (name) => name === 'API key');
    await page.keyboard.type(account.api_key);
    await page.keyboard.press('Enter');
    await page.waitForSelector('.account-bar .account:has-text("points")');

    await tabTo(page, (name) => name === 'Text');
    await page.keyboard.type('Typed and generated without a mouse.');
    await tabTo(page, (name) => name === 'Search voices');
    await page.keyboard.type('Harper');
    await page.waitForFunction(
      `document.querySelector('.picker .note')?.textContent === '1 voice matches' &&
       document.querySelector('.voice-list .voice')?.textContent.includes('Harper')`,
    );
    // Tab enters the radio group on its first voice (the one checked before is filtered out); Space picks it.
    await tabTo(page, (name) => name.startsWith('Harper'));
    await page.keyboard.press('Space');
    assert.ok(await page.locator('.voice-list .voice:has-text("Harper") input[type=radio]').isChecked());
    await tabTo(page, (name) => name === 'Model');
    for (let i = 0; i < 4 && (await page.getByLabel('Model').inputValue()) !== 'v-lite'; i++) await page.keyboard.press('ArrowDown');
    assert.equal(await page.getByLabel('Model').inputValue(), 'v-lite');
    await tabTo(page, (name) => name === 'Generate');
    await page.keyboard.press('Enter');

    await page.waitForFunction(`document.querySelector('.player audio')?.duration > 0`, undefined, { timeout: 120_000 });
    const words = await page.$$eval('.captions .word', (els) => els.map((e) => e.textContent));
    assert.deepEqual(words, ['Typed', 'and', 'generated', 'without', 'a', 'mouse.']);
    const generated = (await page.textContent('.output .generated')) ?? '';
    const id = /Generated (\S+)/.exec(generated)?.[1];
    const history = await server.request('GET', '/api/v1/tts?limit=1', { key: account.api_key });
    assert.deepEqual(
      history.body.generations.map((g: { id: string; model: string; voice_id: string }) => [g.id, g.model]),
      [[id, 'v-lite']],
    );
    // The result is keyboard reachable too: the player's controls and downloads come next in order.
    await tabTo(page, (name) => name === 'Download audio');
    await page.close();
  });

  test('History, Voices and Lexicons fit a 390 px screen, as Speech does', async () => {
    const lexicon = await server.request('POST', '/api/v1/lexicons', {
      key: account.api_key,
      body: {
        name: 'A lexicon with a rather long name for a narrow screen',
        entries: [
          { text: 'Bob', alias: 'Robert the magnificent builder of bridges and towers' },
          { text: 'tomato', ipa: 'təmˈɑːtoʊ', case_sensitive: true },
        ],
      },
    });
    assert.equal(lexicon.status, 201, lexicon.text);
    const page = await signIn(browser.context, server.url, account.api_key);
    await page.setViewportSize({ width: 390, height: 844 });
    const views: [string, string][] = [
      ['Speech', '.voice-list .voice'],
      ['History', 'tr[data-generation-id]'],
      ['Voices', '.slots[data-kind=designs]'],
      ['Lexicons', `li[data-lexicon-id="${lexicon.body.lexicon_id}"]`],
    ];
    for (const [tab, content] of views) {
      await page.getByRole('tab', { name: tab }).click();
      await page.locator(content).first().waitFor();
      if (tab === 'Lexicons') {
        // The editor holding both entries, the widest thing on the tab.
        await page.getByRole('button', { name: /^Edit A lexicon/ }).click();
        await page.getByRole('form', { name: 'Lexicon editor' }).locator('fieldset.entry').nth(1).waitFor();
      }
      const overflow = (await page.evaluate('document.documentElement.scrollWidth - window.innerWidth')) as number;
      assert.ok(overflow <= 0, `${tab}: the page is ${overflow}px wider than a phone screen`);
    }
    await page.close();
  });
});

/**
 * Presses Tab until the focused element's name (its label, aria-label or text) satisfies `wanted`.
 * Fails after 60 presses, naming where focus went: a control that Tab never reaches is a bug.
 */
async function tabTo(page: Page, wanted: (name: string) => boolean): Promise<void> {
  const visited: string[] = [];
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press('Tab');
    const name = (await page.evaluate(`(() => {
      const el = document.activeElement;
      const label = el?.labels?.[0]?.textContent ?? el?.getAttribute('aria-label') ?? el?.textContent ?? '';
      return label.replace(/\\s+/g, ' ').trim();
    })()`)) as string;
    if (wanted(name)) return;
    visited.push(name);
  }
  assert.fail(`focus never reached the control; it visited: ${visited.join(' | ')}`);
}
