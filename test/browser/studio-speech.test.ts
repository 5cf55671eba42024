import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { type Page } from 'playwright-core';
import { ffprobe } from '../helpers/audio.js';
import { type Browser, CHROMIUM_SKIP, launchChromium, screenshot, signIn } from '../helpers/browser.js';
import { type Account, type TestServer, startServer } from '../helpers/server.js';

const TEXT = 'The quick brown fox jumps over the lazy dog. <break time="0.5s" /> Then it runs far away.';

/** Picks the first voice the picker finds for `search`, the Lite model, and generates `text`. */
async function generate(page: Page, text: string): Promise<void> {
  await page.getByLabel('Text', { exact: true }).fill(text);
  await page.getByLabel('Search voices').fill('Harper');
  await page.waitForFunction(
    `document.querySelector('.picker .note').textContent === '1 voice matches' &&
     document.querySelector('.voice-list .voice')?.textContent.includes('Harper')`,
  );
  await page.locator('.voice-list .voice:has-text("Harper") input[type=radio]').first().check();
  await page.getByLabel('Model').selectOption('v-lite');
  await page.getByRole('button', { name: 'Generate' }).click();
}

describe('Voicelib Studio in Chromium: speech, history, errors', { skip: CHROMIUM_SKIP ?? false }, () => {
  let server: TestServer;
  let account: Account;
  let browser: Browser;
  let page: Page;
  const foreign: string[] = [];
  before(async () => {
    server = await startServer({ RATE_LIMIT_PER_MINUTE: '10000' });
    account = await server.createAccount('pro', 5000);
    browser = await launchChromium();
    browser.context.on('request', (r) => {
      if (!/^(blob|data):/.test(r.url()) && !r.url().startsWith(server.url)) foreign.push(r.url());
    });
    page = await signIn(browser.context, server.url, account.api_key);
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  test('signing in keeps the key in sessionStorage only and shows balance, plan and slots', async () => {
    const bar = await page.textContent('.account-bar .account');
    assert.match(bar ?? '', /5,000 points · plan pro · clones 0\/20 · designs 0\/20/);
    assert.equal(await page.evaluate('sessionStorage.getItem("voicelib.apiKey")'), account.api_key);
    assert.equal(await page.evaluate('localStorage.length'), 0);
    assert.ok(!page.url().includes(account.api_key));
  });

  test('the counter shows characters and the model’s point cost; controls follow the model', async () => {
    await page.getByLabel('Text', { exact: true }).fill('x'.repeat(31));
    await page.getByLabel('Model').selectOption('v-pro');
    assert.match((await page.textContent('.counter')) ?? '', /31 \/ 2,000 characters · 0 \/ 20 pauses · 3 points/);
    assert.ok(await page.getByLabel('Temperature').isVisible());
    assert.ok(!(await page.getByLabel('Delivery').isVisible()));
    await page.getByLabel('Model').selectOption('v-lite');
    assert.match((await page.textContent('.counter')) ?? '', / 2 points/);
    await page.getByLabel('Model').selectOption('v-studio');
    assert.ok(await page.getByLabel('Delivery').isVisible());
    assert.ok(!(await page.getByLabel('Temperature').isVisible()));
    await page.getByLabel('Text', { exact: true }).fill('Hi');
    await page.getByLabel('Pause (seconds)').fill('1.5');
    await page.getByRole('button', { name: 'Insert pause' }).click();
    assert.equal(await page.getByLabel('Text', { exact: true }).inputValue(), 'Hi<break time="1.5s" />');
  });

  test('the voice picker filters by language, accent, gender and age', async () => {
    const filters = 'language=Spanish&accent=Castilian&gender=female';
    const api = async (query: string) => (await server.request('GET', `/api/v1/voices?${query}&limit=30`, { key: account.api_key })).body;
    const all = await api(filters);
    const old = await api(`${filters}&age=old`);
    assert.ok(old.total > 0 && old.total < all.total, `age narrows the choice: ${old.total} of ${all.total}`);
    await page.getByLabel('Search voices').fill('');
    await page.getByLabel('Language').first().fill('Spanish');
    await page.getByLabel('Accent').fill('Castilian');
    await page.getByLabel('Gender').selectOption('female');
    await page.getByLabel('Age', { exact: true }).selectOption('old');
    const matches = old.total === 1 ? '1 voice matches' : `${old.total} voices match`;
    await page.waitForFunction(
      `document.querySelector('.picker .note')?.textContent === ${JSON.stringify(matches)} &&
       document.querySelectorAll('.voice-list .voice').length === ${old.voices.length}`,
    );
    const shown = await page.$$eval('.voice-list .voice', (els) => els.map((e) => e.getAttribute('data-voice-id')));
    assert.deepEqual(shown, old.voices.map((v: { id: string }) => v.id));
    const traits = await page.$$eval('.voice-list .traits', (els) => els.map((e) => e.textContent ?? ''));
    assert.ok(traits.every((t) => t.includes('Castilian') && t.includes('es-ES') && t.includes('female') && t.includes('old')), traits.join(' | '));
    // Beside each voice, the tier of the engine that speaks its language here, as the language list says.
    const languages = (await server.request('GET', '/api/v1/voices/languages', { key: account.api_key })).body.languages;
    const spanish = languages.find((l: { code: string }) => l.code === 'es');
    const tiers = await page.$$eval('.voice-list .tier', (els) => els.map((e) => [e.textContent ?? '', e.getAttribute('title') ?? '']));
    assert.equal(tiers.length, old.voices.length);
    for (const [text, title] of tiers) {
      assert.ok(text!.startsWith(spanish.tier), `${text} for ${spanish.tier}`);
      assert.match(title!, new RegExp(`spoken by ${spanish.intelligibility.engine}`));
    }
    await page.getByLabel('Language').first().fill('');
    await page.getByLabel('Accent').fill('');
    await page.getByLabel('Gender').selectOption('');
    await page.getByLabel('Age', { exact: true }).selectOption('');
  });

  test('a voice’s preview button plays its sample', async () => {
    await page.getByLabel('Search voices').fill('Harper');
    await page.waitForFunction(`document.querySelector('.picker .note').textContent === '1 voice matches'`);
    await page.getByRole('button', { name: 'Play preview of Harper' }).click();
    // Played: the sample has a length and the playhead has left 0 (whether or not it has ended yet).
    await page.waitForFunction(`(() => { const a = document.querySelector('audio.sample'); return a.duration > 0 && a.currentTime > 0; })()`, undefined, {
      timeout: 60_000,
    });
    assert.match(await page.$eval('audio.sample', (a: any) => a.src as string), /^blob:/);
  });

  test('generate: the audio plays, the waveform is drawn, the highlighted word follows currentTime', async () => {
    await generate(page, TEXT);
    await page.waitForSelector('.player audio', { timeout: 120_000 });
    await page.waitForFunction(`document.querySelector('.player audio').duration > 0`);
    const duration = await page.$eval('.player audio', (a: any) => a.duration);
    assert.ok(duration > 1, `duration ${duration}`);
    // Playing moves currentTime past 0 (no timing assumption: wait until it has moved).
    await page.$eval('.player audio', (a: any) => a.play());
    await page.waitForFunction(`document.querySelector('.player audio').currentTime > 0.05`);
    await page.$eval('.player audio', (a: any) => a.pause());
    // The waveform canvas has drawn pixels (decoded audio), not a blank rectangle.
    const inked = await page.$eval('canvas.waveform', (canvas: any) => {
      const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
      let n = 0;
      for (let i = 3; i < data.length; i += 4) if (data[i] > 0) n++;
      return n / (canvas.width * canvas.height);
    });
    assert.ok(inked > 0.05 && inked < 0.95, `waveform covers ${inked}`);

    const words = await page.$$eval('.captions .word', (els) => els.map((e) => e.textContent));
    assert.deepEqual(words.slice(0, 4), ['The', 'quick', 'brown', 'fox']);
    assert.ok(!words.some((w) => w?.includes('break')), 'break tags are not captioned');
    const captions = await server.request('GET', `/api/v1/tts/${await generationId(page)}/captions?format=json&mode=word`, { key: account.api_key });
    const timings = captions.body.words as { start: number; end: number }[];
    const seen: string[] = [];
    for (const index of [1, 4, timings.length - 1]) {
      const at = (timings[index]!.start + timings[index]!.end) / 2;
      await page.$eval('.player audio', (a: any, t) => (a.currentTime = t), at);
      await page.waitForFunction(`document.querySelector('.captions').dataset.current === '${index}'`);
      seen.push((await page.textContent('.captions .word.current')) ?? '');
    }
    assert.deepEqual(seen, [words[1], words[4], words.at(-1)]);
    await page.$eval('.player audio', (a: any, t) => (a.currentTime = t), timings[2]!.start + 0.01);
    await page.waitForFunction(`document.querySelector('.captions').dataset.current === '2'`);
    await page.locator('.player').scrollIntoViewIfNeeded();
    await screenshot(page, 'studio-speech');

    // Downloads: the audio and the SRT, as files.
    const audioDownload = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download audio' }).click();
    assert.match((await audioDownload).suggestedFilename(), /^gen_.*\.mp3$|\.mp3$/);
    const srtDownload = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download SRT' }).click();
    const srt = await (await srtDownload).path();
    assert.match(fs.readFileSync(srt, 'utf8'), /^1\r?\n00:00:0\d,\d{3} --> /);
    assert.match((await page.textContent('.account-bar .account')) ?? '', /points/);
  });

  test('history lists the generation; delete removes it', async () => {
    const id = await generationId(page);
    await page.getByRole('tab', { name: 'History' }).click();
    const row = page.locator(`tr[data-generation-id="${id}"]`);
    await row.waitFor();
    // The voice by its name (the catalog's), its id on hover.
    const voice = row.locator('td.voice-name');
    assert.equal(await voice.textContent(), 'Harper');
    assert.match((await voice.getAttribute('title')) ?? '', /^voice_/);
    // The text it spoke (issue 31): whole on hover, its start in the cell.
    const text = row.locator('td.generation-text');
    const whole = (await text.getAttribute('title')) ?? '';
    assert.ok(whole.length > 0, 'the generation shows its text');
    assert.ok(((await text.textContent()) ?? '').startsWith(whole.slice(0, 40)));
    await screenshot(page, 'studio-history');
    // Play: the history player loads this generation and its playhead moves.
    await row.getByRole('button', { name: `Play ${id}` }).click();
    await page.waitForFunction(`(() => { const a = document.querySelector('.history-view audio'); return a.duration > 0 && a.currentTime > 0; })()`);
    await page.$eval('.history-view audio', (a: any) => a.pause());
    // Download: a file of real audio, as ffprobe reads it.
    const download = page.waitForEvent('download');
    await row.getByRole('button', { name: `Download ${id}` }).click();
    const file = await download;
    assert.equal(file.suggestedFilename(), `${id}.mp3`);
    const bytes = fs.readFileSync(await file.path());
    assert.ok(bytes.length > 1000, `${bytes.length} bytes`);
    const probe = await ffprobe(bytes);
    assert.equal(probe.format.format_name, 'mp3');
    assert.ok(Number(probe.format.duration) > 1, `duration ${probe.format.duration}`);
    await row.getByRole('button', { name: 'Delete' }).click();
    await row.getByRole('button', { name: 'Confirm delete' }).click();
    await row.waitFor({ state: 'detached' });
    assert.equal((await server.request('GET', `/api/v1/tts/${id}`, { key: account.api_key })).status, 404);
    await page.getByRole('tab', { name: 'Speech' }).click();
  });

  test('an account without points sees the API’s 402 message', async () => {
    const broke = await server.createAccount('pro', 0);
    const other = await signIn(browser.context, server.url, broke.api_key);
    await generate(other, 'Hello there, this will not be generated.');
    const alert = other.locator('form.speech > .message[role=alert]');
    await alert.waitFor({ state: 'visible' });
    assert.match((await alert.textContent()) ?? '', /balance is 0.*\(402 insufficient_points\)/);
    await other.setViewportSize({ width: 390, height: 844 });
    await alert.scrollIntoViewIfNeeded();
    await screenshot(other, 'studio-402-phone');
    // Phone-sized: nothing wider than the screen but the history table's own scroller.
    const overflow = (await other.evaluate('document.documentElement.scrollWidth - window.innerWidth')) as number;
    assert.ok(overflow <= 0, `page is ${overflow}px wider than a phone screen`);
    await other.close();
    assert.deepEqual(foreign, [], 'the Studio asked no other origin for anything');
  });
});

async function generationId(page: Page): Promise<string> {
  const text = (await page.textContent('.output .generated')) ?? '';
  const id = /Generated (\S+)/.exec(text)?.[1];
  assert.ok(id, text);
  return id;
}
