import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { detectSilences, estimatePitch, loudnessDb, speechRatio } from '../../src/audio/analysis/index.js';
import type { PcmAudio } from '../../src/audio/pcm.js';
import { decodeWav } from '../../src/audio/wav.js';
import { parseDataUri } from '../helpers/audio.js';
import { type Account, type TestServer, startServer } from '../helpers/server.js';
import { presetFor } from '../helpers/voices.js';

const VOICE = presetFor('en-US');
const SENTENCE = 'She sells sea shells by the sea shore, and the shells she sells are surely sea shells.';

describe('what the audio really contains', () => {
  let server: TestServer;
  let account: Account;
  before(async () => {
    server = await startServer({ RATE_LIMIT_PER_MINUTE: '10000' });
    account = await server.createAccount('pro', 100_000);
  });
  after(() => server.close());

  async function speak(body: Record<string, unknown>): Promise<{ audio: PcmAudio; body: any }> {
    const res = await server.request('POST', '/api/v1/tts', {
      key: account.api_key,
      body: { voice: VOICE.id, format: 'WAV', sample_rate: 22050, ...body },
    });
    assert.equal(res.status, 200, res.text);
    return { audio: decodeWav(parseDataUri(res.body.audio_base64).data), body: res.body };
  }

  async function words(id: string) {
    const res = await server.request('GET', `/api/v1/tts/${id}/captions?format=json&mode=word`, { key: account.api_key });
    assert.equal(res.status, 200, res.text);
    return res.body.words as Array<{ word: string; start: number; end: number }>;
  }

  test('a 2 s break is 2 s of silence in the audio and a 2 s gap in the captions', async () => {
    const { audio, body } = await speak({ text: 'Before the pause. <break time="2s" /> After the pause.' });
    const silences = detectSilences(audio, { thresholdDb: -50, minDurationSec: 0.5 });
    const inner = silences.filter((s) => s.start > 0.05 && s.end < audio.samples.length / audio.sampleRate - 0.05);
    assert.equal(inner.length, 1, JSON.stringify(silences));
    const measured = inner[0]!.end - inner[0]!.start;
    assert.ok(Math.abs(measured - 2) <= 0.03, `silence ${measured.toFixed(3)} s`);

    const timed = await words(body.id);
    assert.deepEqual(
      timed.map((w) => w.word),
      ['Before', 'the', 'pause.', 'After', 'the', 'pause.'],
    );
    const gap = timed[3]!.start - timed[2]!.end;
    assert.ok(Math.abs(gap - 2) <= 0.15, `caption gap ${gap.toFixed(3)} s`);
    const srt = await server.request('GET', `/api/v1/tts/${body.id}/captions`, { key: account.api_key });
    assert.doesNotMatch(srt.text, /break|<[a-z/]|\[/i);
  });

  test('1.5s and 1500ms are the same pause; several breaks add up exactly', async () => {
    const a = await speak({ text: 'One. <break time="1.5s"/> Two.' });
    const b = await speak({ text: 'One. <BREAK time=\'1500ms\'/> Two.' });
    assert.equal(a.audio.samples.length, b.audio.samples.length);
    const c = await speak({ text: 'One. <break time="500ms"/><break time="0.25s"/> Two.' });
    const silences = detectSilences(c.audio, { minDurationSec: 0.3 });
    const inner = silences.filter((s) => s.start > 0.05 && s.end < c.audio.samples.length / 22050 - 0.05);
    assert.equal(inner.length, 1);
    assert.ok(Math.abs(inner[0]!.end - inner[0]!.start - 0.75) <= 0.03);
  });

  test('every word starts and ends inside speech, not in silence', async () => {
    const { audio, body } = await speak({ text: `${SENTENCE} <break time="1s"/> ${SENTENCE}` });
    const timed = await words(body.id);
    assert.equal(timed.length, 34);
    for (const w of timed) {
      assert.ok(w.end > w.start, `${w.word} has a length`);
      const ratio = speechRatio(audio, w.start, w.end, -50);
      assert.ok(ratio >= 0.6, `${w.word} [${w.start.toFixed(3)}, ${w.end.toFixed(3)}] speech ${ratio.toFixed(2)}`);
    }
    for (let i = 1; i < timed.length; i++) assert.ok(timed[i]!.start >= timed[i - 1]!.start, 'monotonic');
  });

  test('speed changes tempo', async () => {
    const slow = await speak({ text: SENTENCE, speed: 0.5 });
    const fast = await speak({ text: SENTENCE, speed: 1.5 });
    const ratio = slow.audio.samples.length / fast.audio.samples.length;
    assert.ok(ratio > 1.8, `slow/fast duration ratio ${ratio.toFixed(2)}`);
  });

  test('temperature widens the prosody on v-pro and v-lite', async () => {
    for (const model of ['v-pro', 'v-lite']) {
      const flat = estimatePitch((await speak({ text: SENTENCE, model, temperature: 0.7 })).audio);
      const lively = estimatePitch((await speak({ text: SENTENCE, model, temperature: 1.5 })).audio);
      assert.ok(lively.stdHz > flat.stdHz * 1.3, `${model}: pitch sd ${flat.stdHz.toFixed(1)} → ${lively.stdHz.toFixed(1)}`);
    }
  });

  test('delivery_mode changes how expressive v-studio is', async () => {
    const stable = estimatePitch((await speak({ text: SENTENCE, model: 'v-studio', delivery_mode: 'STABLE' })).audio);
    const creative = estimatePitch((await speak({ text: SENTENCE, model: 'v-studio', delivery_mode: 'CREATIVE' })).audio);
    assert.ok(creative.stdHz > stable.stdHz * 1.3, `pitch sd ${stable.stdHz.toFixed(1)} → ${creative.stdHz.toFixed(1)}`);
  });

  test('[emotion] tags steer pitch, pace and energy on v-studio and are dropped elsewhere', async () => {
    const excited = (await speak({ text: `[excited] ${SENTENCE}`, model: 'v-studio' })).audio;
    const sad = (await speak({ text: `[sad] ${SENTENCE}`, model: 'v-studio' })).audio;
    const pe = estimatePitch(excited);
    const ps = estimatePitch(sad);
    assert.ok(pe.medianHz > ps.medianHz * 1.15, `median F0 excited ${pe.medianHz.toFixed(0)} vs sad ${ps.medianHz.toFixed(0)}`);
    assert.ok(sad.samples.length > excited.samples.length * 1.15, 'sad is slower');
    assert.ok(loudnessDb(excited) > loudnessDb(sad) + 3, 'excited is louder');

    // Other models drop the tags: same audio as without them.
    const tagged = await speak({ text: `[excited] ${SENTENCE}`, model: 'v-pro' });
    const plain = await speak({ text: SENTENCE, model: 'v-pro' });
    assert.equal(tagged.audio.samples.length, plain.audio.samples.length);
    const timed = await words(tagged.body.id);
    assert.ok(!timed.some((w) => w.word.includes('[')), 'tags never reach captions');
  });

  test('enhance_generation returns cleaned audio of the same length', async () => {
    const plain = await speak({ text: SENTENCE });
    const enhanced = await speak({ text: SENTENCE, enhance_generation: true });
    assert.equal(enhanced.audio.samples.length, plain.audio.samples.length);
    let diff = 0;
    for (let i = 0; i < plain.audio.samples.length; i++) {
      diff += Math.abs(plain.audio.samples[i]! - enhanced.audio.samples[i]!);
    }
    assert.ok(diff / plain.audio.samples.length > 1e-3, 'the enhancer changed the audio');
    assert.ok(estimatePitch(enhanced.audio).voicedRatio > 0.3, 'and kept it speech');
  });

  test('languages other than English speak too', async () => {
    for (const code of ['de-DE', 'fr-FR', 'es-ES', 'ja-JP']) {
      const voice = presetFor(code);
      const res = await server.request('POST', '/api/v1/tts', {
        key: account.api_key,
        body: { voice: voice.id, text: code === 'ja-JP' ? 'こんにちは、世界。' : 'Guten Tag. Bonjour. Hola.', format: 'WAV' },
      });
      assert.equal(res.status, 200, `${code}: ${res.text}`);
      const audio = decodeWav(parseDataUri(res.body.audio_base64).data);
      assert.ok(audio.samples.length / audio.sampleRate > 0.4, code);
    }
  });
});
