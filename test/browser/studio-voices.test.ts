import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { type Browser, CHROMIUM_SKIP, launchChromium, screenshot, signIn } from '../helpers/browser.js';
import { CLONE_SCRIPT, speechWav } from '../helpers/recordings.js';
import { type Account, type TestServer, startServer } from '../helpers/server.js';
import { presetFor } from '../helpers/voices.js';

describe('Voicelib Studio in Chromium: cloning and designing voices', { skip: CHROMIUM_SKIP ?? false }, () => {
  let server: TestServer;
  let account: Account;
  let browser: Browser;
  let page: Page;
  let recording: Buffer;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vl-studio-'));
  before(async () => {
    server = await startServer({ RATE_LIMIT_PER_MINUTE: '10000', RATE_LIMIT_VOICE_PER_HOUR: '10000' });
    account = await server.createAccount('pro', 5000);
    recording = await speechWav(server, account.api_key, presetFor('en-US', 'male').id, CLONE_SCRIPT);
    // The fake microphone "hears" this speech (Chromium reads a WAV file; %noloop plays it once).
    const wav = path.join(dir, 'speech.wav');
    fs.writeFileSync(wav, recording);
    browser = await launchChromium({ audioFile: `${wav}%noloop` });
    page = await signIn(browser.context, server.url, account.api_key);
    await page.getByRole('tab', { name: 'Voices' }).click();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const cloneForm = () => page.getByRole('form', { name: 'Clone a voice' });
  const designForm = () => page.getByRole('form', { name: 'Design a voice' });
  const ownClones = async () =>
    (await server.request('GET', '/api/v1/voices/clones', { key: account.api_key })).body as { voices: any[]; used: number };

  test('clone from an uploaded file: the voice and its slot count appear', async () => {
    const form = cloneForm();
    await form.getByLabel('Name').fill('Uploaded me');
    await form.getByLabel('Language').fill('en-US');
    await form.getByLabel('Recording file').setInputFiles({ name: 'me.wav', mimeType: 'audio/wav', buffer: recording });
    await form.getByLabel('Transcript (optional)').fill(CLONE_SCRIPT);
    await form.getByRole('button', { name: 'Create clone' }).click();
    await form.locator('.message[data-kind=info]:has-text("Created clone")').waitFor({ timeout: 120_000 });
    const clones = await ownClones();
    assert.deepEqual(clones.voices.map((v) => v.name), ['Uploaded me']);
    await page.locator(`li[data-voice-id="${clones.voices[0].id}"]`).waitFor();
    await page.locator('.slots[data-kind=clones]:has-text("1 used of 20, 19 left")').waitFor();
  });

  test('clone from a recording made in the browser (fake microphone)', async () => {
    const form = cloneForm();
    await form.getByLabel('Name').fill('Recorded me');
    await form.getByRole('button', { name: '● Record', exact: true }).click();
    // Record until three seconds have been captured, however long that takes here.
    await form.locator('.note:has-text("Recording… 3 s")').waitFor({ timeout: 60_000 });
    await form.getByRole('button', { name: '■ Stop recording' }).click();
    await form.locator('.note:has-text("Recorded")').waitFor();
    assert.ok(await form.getByLabel('Your recording').isVisible());
    await form.getByRole('button', { name: 'Create clone' }).click();
    const outcome = form.locator('.message[data-kind=info]:has-text("Created clone"), .message[data-kind=error]');
    await outcome.waitFor({ timeout: 120_000 });
    assert.match((await outcome.textContent()) ?? '', /Created clone “Recorded me”/);
    assert.deepEqual((await ownClones()).voices.map((v) => v.name), ['Recorded me', 'Uploaded me']);
    await page.locator('.slots[data-kind=clones]:has-text("2 used of 20, 18 left")').waitFor();
    await screenshot(page, 'studio-voices');
  });

  test('design: a description gives three playable previews; one is saved under a name', async () => {
    const form = designForm();
    await form.getByLabel('Description').fill('A warm, slow, low-pitched older man telling a bedtime story by the fire.');
    await form.getByLabel('Preview text (optional)').fill('Once upon a time, there was a quiet village.');
    await form.getByRole('button', { name: 'Generate previews' }).click();
    await form.locator('.previews audio').nth(2).waitFor({ timeout: 180_000 });
    const sources = await form.locator('.previews audio').evaluateAll((els: any[]) => els.map((e) => e.src as string));
    assert.equal(sources.length, 3);
    for (const src of sources) {
      const res = await fetch(src);
      assert.equal(res.status, 200, src);
      assert.equal(res.headers.get('content-type'), 'audio/mpeg');
    }
    // The first preview loads and plays in the page.
    const first = form.locator('.previews audio').first();
    await first.evaluate((a: any) => a.play());
    await page.waitForFunction(`document.querySelector('.previews audio').currentTime > 0`);
    await first.evaluate((a: any) => a.pause());

    await form.getByLabel('Keep preview 2').check();
    await form.getByLabel('Name').fill('Grandpa');
    await form.getByLabel('Tags').fill('bedtime, warm');
    await form.getByRole('button', { name: 'Save voice' }).click();
    await form.locator('.message:has-text("Saved “Grandpa”")').waitFor();
    const designs = (await server.request('GET', '/api/v1/voices/designs', { key: account.api_key })).body;
    assert.deepEqual(designs.voices.map((v: any) => [v.name, v.tags]), [['Grandpa', ['bedtime', 'warm']]]);
    await page.locator('.slots[data-kind=designs]:has-text("1 used of 20, 19 left")').waitFor();
    assert.match((await page.textContent('.account-bar .account')) ?? '', /designs 1\/20/);
  });

  test('delete a voice from My voices', async () => {
    const target = (await ownClones()).voices.find((v) => v.name === 'Uploaded me');
    const row = page.locator(`li[data-voice-id="${target.id}"]`);
    await row.getByRole('button', { name: 'Delete' }).click();
    await row.getByRole('button', { name: 'Confirm delete' }).click();
    await row.waitFor({ state: 'detached' });
    assert.deepEqual((await ownClones()).voices.map((v) => v.name), ['Recorded me']);
  });
});
