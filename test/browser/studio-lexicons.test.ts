import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { type Browser, CHROMIUM_SKIP, launchChromium, screenshot, signIn } from '../helpers/browser.js';
import { type Account, type TestServer, startServer } from '../helpers/server.js';

/**
 * The Lexicons tab and the Speech tab's lexicon choice, in Chromium against the real server:
 * create (with the API's 422 for unknown IPA shown), use with Generate (the request names it, the
 * captions keep the written words, the audio is longer), edit, PLS import (and the 400 of a
 * malformed file), PLS export as a download, delete.
 */

const TEXT = 'Bob said hello to everyone.';
/** Far longer than "Bob", so the lexicon's effect on the audio's length is unmistakable. */
const ALIAS = 'Robert the magnificent builder of bridges, towers and tall cathedrals';
const PLS = `<?xml version="1.0" encoding="UTF-8"?>
<lexicon version="1.0" xmlns="http://www.w3.org/2005/01/pronunciation-lexicon" alphabet="ipa" xml:lang="en-US">
  <lexeme><grapheme>W3C</grapheme><alias>World Wide Web Consortium</alias></lexeme>
  <lexeme><grapheme>tomato</grapheme><phoneme>təmˈɑːtoʊ</phoneme></lexeme>
</lexicon>
`;

describe('Voicelib Studio in Chromium: pronunciation lexicons', { skip: CHROMIUM_SKIP ?? false }, () => {
  let server: TestServer;
  let account: Account;
  let browser: Browser;
  let page: Page;
  /** Bodies of the speech requests the page sent (observed, not intercepted). */
  const sent: Record<string, unknown>[] = [];
  let names: string; // the lexicon made in the first test
  before(async () => {
    server = await startServer({ RATE_LIMIT_PER_MINUTE: '10000' });
    account = await server.createAccount('pro', 5000);
    browser = await launchChromium();
    page = await signIn(browser.context, server.url, account.api_key);
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/v1/tts') sent.push(r.postDataJSON());
    });
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  const editor = () => page.getByRole('form', { name: 'Lexicon editor' });
  const importer = () => page.getByRole('form', { name: 'Import a PLS lexicon' });
  const get = async (path: string) => server.request('GET', path, { key: account.api_key });
  const lexicons = async () => (await get('/api/v1/lexicons')).body.lexicons as { lexicon_id: string; name: string }[];

  test('create a lexicon with an alias entry; an unknown IPA symbol shows the API’s 422', async () => {
    await page.getByRole('tab', { name: 'Lexicons' }).click();
    const form = editor();
    await form.getByLabel('Name', { exact: true }).fill('Names');
    const first = form.locator('fieldset.entry').nth(0);
    await first.getByLabel('Written text').fill('Bob');
    await first.getByLabel('Alias').fill(ALIAS);
    await form.getByRole('button', { name: 'Add entry' }).click();
    const second = form.locator('fieldset.entry').nth(1);
    await second.getByLabel('Written text').fill('Ann');
    await second.getByLabel('Spoken as').selectOption('ipa');
    await second.getByLabel('IPA').fill('æn7');
    await form.getByRole('button', { name: 'Create lexicon' }).click();
    const alert = form.locator('.message[data-kind=error]');
    await alert.waitFor();
    assert.match((await alert.textContent()) ?? '', /"7".*\(422 validation_error\)/);
    assert.deepEqual(await lexicons(), [], 'nothing stored');

    await form.getByRole('button', { name: 'Remove entry 2' }).click();
    await form.getByRole('button', { name: 'Create lexicon' }).click();
    await form.locator('.message[data-kind=info]:has-text("Saved “Names”")').waitFor();
    const [made] = await lexicons();
    assert.ok(made);
    names = made.lexicon_id;
    assert.deepEqual((await get(`/api/v1/lexicons/${names}`)).body.entries, [{ text: 'Bob', alias: ALIAS, case_sensitive: false }]);
    await page.locator(`li[data-lexicon-id="${names}"]:has-text("1 entry")`).waitFor();
  });

  test('Generate with the lexicon: lexicon_ids sent, captions as written, the audio longer', async () => {
    await page.getByRole('tab', { name: 'Speech' }).click();
    await page.getByLabel('Text', { exact: true }).fill(TEXT);
    await page.getByLabel('Search voices').fill('Harper');
    await page.locator('.voice-list .voice:has-text("Harper") input[type=radio]').first().check();
    await page.getByLabel('Model').selectOption('v-lite');
    await page.getByLabel('Format').selectOption('WAV');
    const plain = await generate();
    await page.getByRole('checkbox', { name: /^Names/ }).check();
    const withLexicon = await generate();

    assert.equal(sent.length, 2);
    assert.equal(sent[0]?.['lexicon_ids'], undefined);
    assert.deepEqual(sent[1]?.['lexicon_ids'], [names]);
    assert.deepEqual(withLexicon.words, TEXT.split(' '), 'the captions keep the written text');
    assert.deepEqual(plain.words, TEXT.split(' '));
    assert.ok(withLexicon.seconds > plain.seconds + 1.5, `${withLexicon.seconds} s with the lexicon, ${plain.seconds} s without`);
    await page.getByRole('checkbox', { name: /^Names/ }).uncheck();
  });

  test('at most three lexicons can be chosen', async () => {
    for (const n of [1, 2, 3]) {
      const res = await server.request('POST', '/api/v1/lexicons', {
        key: account.api_key,
        body: { name: `Extra ${n}`, entries: [{ text: `word${n}`, alias: 'other' }] },
      });
      assert.equal(res.status, 201, res.text);
    }
    // Showing the tab again lists lexicons made elsewhere.
    await page.getByRole('tab', { name: 'History' }).click();
    await page.getByRole('tab', { name: 'Speech' }).click();
    const box = (name: string) => page.getByRole('checkbox', { name: new RegExp(`^${name}`) });
    await box('Extra 3').waitFor();
    for (const name of ['Extra 1', 'Extra 2', 'Extra 3']) await box(name).check();
    assert.ok(await box('Names').isDisabled(), 'a fourth cannot be ticked');
    assert.match((await page.textContent('.lexicon-picker')) ?? '', /3 of at most 3 chosen/);
    await box('Extra 2').uncheck();
    assert.ok(await box('Names').isEnabled());
    for (const name of ['Extra 1', 'Extra 3']) await box(name).uncheck();
  });

  test('edit: the entries come back into the editor and are replaced', async () => {
    await page.getByRole('tab', { name: 'Lexicons' }).click();
    await page.getByRole('button', { name: 'Edit Names' }).click();
    const form = editor();
    await form.getByRole('heading', { name: 'Edit “Names”' }).waitFor();
    assert.equal(await form.locator('fieldset.entry').nth(0).getByLabel('Alias').inputValue(), ALIAS);
    await form.getByRole('button', { name: 'Add entry' }).click();
    const second = form.locator('fieldset.entry').nth(1);
    await second.getByLabel('Written text').fill('NASA');
    await second.getByLabel('Alias').fill('the space agency');
    await second.getByLabel('Case-sensitive').check();
    await form.getByRole('button', { name: 'Save lexicon' }).click();
    await form.locator('.message[data-kind=info]:has-text("with 2 entries")').waitFor();
    assert.deepEqual((await get(`/api/v1/lexicons/${names}`)).body.entries, [
      { text: 'Bob', alias: ALIAS, case_sensitive: false },
      { text: 'NASA', alias: 'the space agency', case_sensitive: true },
    ]);
    await page.locator(`li[data-lexicon-id="${names}"]:has-text("2 entries")`).waitFor();
  });

  test('PLS import: a malformed file shows the API’s 400; a small file becomes a lexicon', async () => {
    const form = importer();
    await form.getByLabel('PLS file').setInputFiles({ name: 'broken.pls', mimeType: 'application/pls+xml', buffer: Buffer.from('<lexicon><lexeme>') });
    await form.getByRole('button', { name: 'Import' }).click();
    const alert = form.locator('.message[data-kind=error]');
    await alert.waitFor();
    assert.match((await alert.textContent()) ?? '', /line \d+.*\(400 /);

    await form.getByLabel('PLS file').setInputFiles({ name: 'tech.pls', mimeType: 'application/pls+xml', buffer: Buffer.from(PLS) });
    await form.getByLabel('Name (optional)').fill('Tech');
    await form.getByRole('button', { name: 'Import' }).click();
    await form.locator('.message[data-kind=info]:has-text("Imported “Tech”")').waitFor();
    const tech = (await lexicons()).find((l) => l.name === 'Tech');
    assert.ok(tech);
    const body = (await get(`/api/v1/lexicons/${tech.lexicon_id}`)).body;
    assert.equal(body.language, 'en-US');
    assert.deepEqual(body.entries, [
      { text: 'W3C', alias: 'World Wide Web Consortium', case_sensitive: false },
      { text: 'tomato', ipa: 'təmˈɑːtoʊ', case_sensitive: false },
    ]);
    await page.locator(`li[data-lexicon-id="${tech.lexicon_id}"]:has-text("2 entries")`).waitFor();
    await page.evaluate('window.scrollTo(0, 0)');
    await screenshot(page, 'studio-lexicons');
  });

  test('PLS export downloads the lexicon as the API writes it', async () => {
    const tech = (await lexicons()).find((l) => l.name === 'Tech');
    assert.ok(tech);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export Tech as PLS' }).click();
    const file = await download;
    assert.equal(file.suggestedFilename(), `${tech.lexicon_id}.pls`);
    const text = fs.readFileSync(await file.path(), 'utf8');
    assert.match(text, /<grapheme>W3C<\/grapheme>/);
    assert.match(text, /<phoneme>təmˈɑːtoʊ<\/phoneme>/);
    assert.equal(text, (await get(`/api/v1/lexicons/${tech.lexicon_id}?format=pls`)).text);
  });

  test('delete a lexicon: gone from the list, the API and the Speech tab’s choice', async () => {
    const row = page.locator(`li[data-lexicon-id="${names}"]`);
    await row.getByRole('button', { name: 'Delete' }).click();
    await row.getByRole('button', { name: 'Confirm delete' }).click();
    await row.waitFor({ state: 'detached' });
    assert.equal((await get(`/api/v1/lexicons/${names}`)).status, 404);
    assert.ok(!(await lexicons()).some((l) => l.lexicon_id === names));
    await page.getByRole('tab', { name: 'Speech' }).click();
    await page.getByRole('checkbox', { name: /^Tech/ }).waitFor();
    assert.equal(await page.getByRole('checkbox', { name: /^Names/ }).count(), 0);
  });

  /** Presses Generate and waits for a new result: its audio duration (s) and caption words. */
  async function generate(): Promise<{ seconds: number; words: string[] }> {
    // Read without a locator's auto-wait: before the first Generate there is no result yet, and
    // textContent() would wait 30 s for one.
    const before = (await page.evaluate("document.querySelector('.output .generated')?.textContent ?? null")) as string | null;
    await page.getByRole('button', { name: 'Generate' }).click();
    await page.waitForFunction(
      `(document.querySelector('.output .generated')?.textContent ?? null) !== ${JSON.stringify(before)} &&
       document.querySelector('.player audio')?.duration > 0`,
      undefined,
      { timeout: 120_000 },
    );
    const seconds = await page.$eval('.player audio', (a: any) => a.duration as number);
    const words = await page.$$eval('.captions .word', (els) => els.map((e) => e.textContent ?? ''));
    return { seconds, words };
  }
});
