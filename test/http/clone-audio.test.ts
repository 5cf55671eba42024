import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { estimatePitch } from '../../src/audio/analysis/index.js';
import { decodeWav } from '../../src/audio/wav.js';
import { parseDataUri } from '../helpers/audio.js';
import {
  CLONE_SCRIPT as SCRIPT,
  type CloneFixture,
  cloneBody as sample,
  cloneFixture,
  convert,
} from '../helpers/recordings.js';
import type { Account, TestServer } from '../helpers/server.js';
import { presetFor } from '../helpers/voices.js';

/**
 * Cloning through the real server, the audio side: conversion and its notes, containers, the
 * clone's pitch, and every way of naming a language. Each clone is a full realization (several
 * seconds), and none of this depends on the database, so CI runs it on SQLite only; slots,
 * listings and designs are in voices.test.ts, which runs on PostgreSQL too.
 */
const MALE = presetFor('en-US', 'male');

describe('cloning: audio in, a voice that sounds like it out', () => {
  let server: TestServer;
  let account: Account;
  let recording: Buffer;
  let clone: CloneFixture['clone'];
  before(async () => {
    ({ server, account, recording, clone } = await cloneFixture(MALE.id));
  });
  after(() => server.close());

  test('clone: converts, notes each change, sounds like the recording, is usable at once, costs nothing', async () => {
    // 40 s stereo MP3 at 44.1 kHz: every conversion step applies.
    const long = await convert(
      recording,
      ['-ac', '2', '-ar', '44100', '-c:a', 'libmp3lame', '-b:a', '128k'],
      'mp3',
      ['-stream_loop', '3'],
    );
    const before = (await server.request('GET', '/api/v1/ping', { key: account.api_key })).body.points;
    const res = await clone(account.api_key, {
      ...sample(long, { transcript: SCRIPT }),
      name: 'Narrator copy',
    });
    assert.equal(res.status, 200, res.text);
    assert.match(res.body.id, /^voice_/);
    assert.equal(res.body.type, 'clone');
    assert.equal(res.body.name, 'Narrator copy');
    assert.deepEqual(res.body.languages, ['en-US']);
    assert.ok(res.body.created_at);
    assert.equal(res.body.used, 1);
    assert.equal(res.body.limit, 20);
    const notes = res.body.audio_notes.join(' | ');
    assert.match(notes, /Re-encoded from mp3/);
    assert.match(notes, /Trimmed from \d+\.\d s to the first 30 s/);
    assert.match(notes, /Down-mixed 2 channels to mono/);
    assert.match(notes, /Resampled from 44100 Hz to 32000 Hz/);
    assert.equal((await server.request('GET', '/api/v1/ping', { key: account.api_key })).body.points, before);

    const speech = await server.request('POST', '/api/v1/tts', {
      key: account.api_key,
      body: { text: SCRIPT, voice: res.body.id, format: 'WAV', model: 'v-pro' },
    });
    assert.equal(speech.status, 200, speech.text);
    const cloned = estimatePitch(decodeWav(parseDataUri(speech.body.audio_base64).data)).medianHz;
    const original = estimatePitch(decodeWav(recording)).medianHz;
    assert.ok(
      Math.abs(cloned - original) / original < 0.1,
      `clone F0 ${cloned.toFixed(0)} vs ${original.toFixed(0)}`,
    );

    const listed = await server.request('GET', '/api/v1/voices/clones', { key: account.api_key });
    assert.equal(listed.body.voices[0].id, res.body.id);
    assert.equal(listed.body.used, 1);
    const mixed = await server.request('GET', '/api/v1/voices?limit=3', { key: account.api_key });
    assert.equal(mixed.body.voices[0].id, res.body.id, 'own voices come first');
    await server.request('DELETE', `/api/v1/voices/clones/${res.body.id}`, { key: account.api_key });
  });

  test('a plain mono 16-bit 32 kHz WAV of under 30 s without denoising has no audio_notes', async () => {
    const wav = await convert(recording, ['-ac', '1', '-ar', '32000', '-c:a', 'pcm_s16le'], 'wav');
    const res = await clone(account.api_key, { ...sample(wav), remove_background_noise: false });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.audio_notes, undefined);
    await server.request('DELETE', `/api/v1/voices/clones/${res.body.id}`, { key: account.api_key });
  });

  test('every common container is accepted', async () => {
    const cases: Array<[string, string[]]> = [
      ['m4a', ['-c:a', 'aac', '-b:a', '96k']],
      ['ogg', ['-c:a', 'libopus']],
      ['flac', ['-c:a', 'flac']],
      ['webm', ['-c:a', 'libopus']],
      ['mp4', ['-c:a', 'aac']],
      ['wav', ['-ar', '16000', '-c:a', 'pcm_u8']],
    ];
    for (const [ext, args] of cases) {
      const data = await convert(recording, args, ext);
      const res = await clone(account.api_key, sample(data));
      assert.equal(res.status, 200, `${ext}: ${res.text}`);
      await server.request('DELETE', `/api/v1/voices/clones/${res.body.id}`, { key: account.api_key });
    }
  });

  test('languages are accepted as codes, accents, names, legacy enums and auto', async () => {
    for (const [language, expected] of [
      ['EN_GB', 'en-GB'],
      ['English', 'en'],
      ['pt-BR', 'pt-BR'],
      ['Other', 'en-US'],
      ['auto', 'en-US'],
    ]) {
      const res = await clone(account.api_key, { ...sample(recording), language });
      assert.equal(res.status, 200, `${language}: ${res.text}`);
      assert.equal(res.body.languages[0], expected, language);
      await server.request('DELETE', `/api/v1/voices/clones/${res.body.id}`, { key: account.api_key });
    }
  });
});
