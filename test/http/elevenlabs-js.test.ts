import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ElevenLabsClient, ElevenLabsError } from '@elevenlabs/elevenlabs-js';
import { decode, ffprobe } from '../helpers/audio.js';
import { CLONE_SCRIPT, speechWav } from '../helpers/recordings.js';
import { type Account, type TestServer, points, startServer } from '../helpers/server.js';
import { presetFor } from '../helpers/voices.js';
import { until } from '../helpers/wait.js';

/** A voicelib voice id: the ElevenLabs routes take the same ids as every other route. */
const VOICE = presetFor('en-US').id;
const TEXT = 'Hello there. This is the ElevenLabs compatible route speaking.';

function client(server: TestServer, key: string): ElevenLabsClient {
  // No retries: a 4xx/5xx must reach the test once, as the SDK's own error.
  return new ElevenLabsClient({ apiKey: key, baseUrl: server.url, maxRetries: 0 });
}

async function bytes(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream as unknown as AsyncIterable<Uint8Array>) parts.push(Buffer.from(part));
  return Buffer.concat(parts);
}

async function rejection(promise: Promise<unknown>): Promise<ElevenLabsError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof ElevenLabsError, `expected an ElevenLabsError, got ${String(error)}`);
    return error;
  }
  assert.fail('the call succeeded');
}

describe('ElevenLabs-compatible API with the official npm SDK (@elevenlabs/elevenlabs-js)', () => {
  let server: TestServer;
  let account: Account;
  let eleven: ElevenLabsClient;
  before(async () => {
    server = await startServer({ RATE_LIMIT_PER_MINUTE: '10000', RATE_LIMIT_VOICE_PER_HOUR: '10000' });
    account = await server.createAccount('pro', 100_000);
    eleven = client(server, account.api_key);
  });
  after(() => server.close());

  test('convert answers MP3 44.1 kHz 128 kbps by default; the generation is recorded and charged once', async () => {
    const before = await points(server, account.api_key);
    const res = await eleven.textToSpeech.convert(VOICE, { text: TEXT, modelId: 'eleven_multilingual_v2' }).withRawResponse();
    const id = res.rawResponse.headers.get('history-item-id');
    assert.ok(id?.startsWith('gen_'), 'history-item-id names the generation');
    assert.equal(res.rawResponse.headers.get('content-type'), 'audio/mpeg');
    const data = await bytes(res.data);
    const probe = await ffprobe(data);
    assert.equal(probe.streams[0]?.codec_name, 'mp3');
    assert.equal(probe.streams[0]?.sample_rate, '44100');
    assert.equal(Number(probe.streams[0]?.bit_rate), 128_000);
    const cost = Math.ceil(TEXT.length / 15);
    await until('the record is ready', async () => (await server.request('GET', `/api/v1/tts/${id}`, { key: account.api_key })).body.status === 'ready');
    const record = (await server.request('GET', '/api/v1/tts?limit=1', { key: account.api_key })).body.generations[0];
    assert.equal(record.id, id);
    assert.equal(record.model, 'v-pro', 'eleven_multilingual_v2 is v-pro');
    assert.equal(record.points_used, cost);
    assert.equal(await points(server, account.api_key), before - cost);
    const history = await eleven.history.list({ pageSize: 5 });
    assert.equal(history.history[0]?.historyItemId, id);
    assert.equal(history.history[0]?.characterCountChangeTo, TEXT.length);
  });

  test('stream honours output_format exactly: mp3_22050_32, pcm_16000 (raw s16le), ulaw_8000 (raw G.711), wav_16000', async () => {
    const mp3 = await bytes(await eleven.textToSpeech.stream(VOICE, { text: TEXT, modelId: 'v-lite', outputFormat: 'mp3_22050_32' }));
    const mp3Probe = await ffprobe(mp3);
    assert.equal(mp3Probe.streams[0]?.sample_rate, '22050');
    assert.equal(Number(mp3Probe.streams[0]?.bit_rate), 32_000);

    const pcm = await bytes(await eleven.textToSpeech.stream(VOICE, { text: TEXT, modelId: 'v-lite', outputFormat: 'pcm_16000' }));
    assert.notEqual(pcm.subarray(0, 4).toString('latin1'), 'RIFF', 'no header');
    assert.equal(pcm.length % 2, 0);
    const ulaw = await bytes(await eleven.textToSpeech.stream(VOICE, { text: TEXT, modelId: 'v-lite', outputFormat: 'ulaw_8000' }));
    assert.notEqual(ulaw.subarray(0, 4).toString('latin1'), 'RIFF', 'no header');
    // The same speech: 16 kHz 16-bit PCM is four bytes for every byte of 8 kHz µ-law (a sample's rounding apart).
    assert.ok(Math.abs(pcm.length / 4 - ulaw.length) <= 2, `${pcm.length} pcm bytes, ${ulaw.length} µ-law bytes`);
    const fromUlaw = await decode(ulaw, 8000).catch(() => null);
    assert.equal(fromUlaw, null, 'raw µ-law is not a file ffmpeg recognizes by itself');
    const asUlaw = await ffprobe(ulaw, ['-f', 'mulaw', '-ar', '8000', '-ac', '1']);
    assert.ok(Math.abs(Number(asUlaw.format.duration) - ulaw.length / 8000) < 0.01);

    const wav = await bytes(await eleven.textToSpeech.convert(VOICE, { text: TEXT, modelId: 'v-lite', outputFormat: 'wav_16000' }));
    const wavProbe = await ffprobe(wav);
    assert.equal(wavProbe.streams[0]?.codec_name, 'pcm_s16le');
    assert.equal(wavProbe.streams[0]?.sample_rate, '16000');
  });

  test('with-timestamps: the audio and one start and end per character of the text, in order', async () => {
    const res = await eleven.textToSpeech.convertWithTimestamps(VOICE, { text: TEXT, modelId: 'v-lite', outputFormat: 'mp3_44100_128' });
    const audio = await decode(Buffer.from(res.audioBase64, 'base64'), 16000);
    const seconds = audio.samples.length / 16000;
    const a = res.alignment!;
    assert.equal(a.characters.join(''), TEXT);
    assert.equal(a.characterStartTimesSeconds.length, TEXT.length);
    assert.equal(a.characterEndTimesSeconds.length, TEXT.length);
    for (let i = 1; i < TEXT.length; i++) assert.ok(a.characterStartTimesSeconds[i]! >= a.characterStartTimesSeconds[i - 1]!);
    const lastEnd = a.characterEndTimesSeconds.at(-1)!;
    assert.ok(lastEnd > seconds * 0.6 && lastEnd <= seconds + 0.05, `last character ends at ${lastEnd} s of ${seconds} s`);
    // "This" begins after "Hello there." has been said.
    const thisAt = TEXT.indexOf('This');
    assert.ok(a.characterStartTimesSeconds[thisAt]! > a.characterEndTimesSeconds[TEXT.indexOf('there') + 4]!);
  });

  test('stream with timestamps: audio pieces whose alignments join into the text, times from the start', async () => {
    const stream = await eleven.textToSpeech.streamWithTimestamps(VOICE, { text: TEXT, modelId: 'v-lite', outputFormat: 'pcm_24000' });
    const audio: Buffer[] = [];
    const characters: string[] = [];
    const starts: number[] = [];
    for await (const chunk of stream) {
      if (chunk.audioBase64) audio.push(Buffer.from(chunk.audioBase64, 'base64'));
      if (chunk.alignment) {
        characters.push(...chunk.alignment.characters);
        starts.push(...chunk.alignment.characterStartTimesSeconds);
      }
    }
    assert.equal(characters.join(''), TEXT);
    const seconds = Buffer.concat(audio).length / 48000;
    assert.ok(starts.at(-1)! > seconds / 2 && starts.at(-1)! < seconds, `last character at ${starts.at(-1)} s of ${seconds} s`);
    for (let i = 1; i < starts.length; i++) assert.ok(starts[i]! >= starts[i - 1]!, 'times only move forward across pieces');
  });

  test('voices, one voice, models and the user parse in the SDK (its strict schemas)', async () => {
    const voices = await eleven.voices.getAll();
    const preset = voices.voices.find((v) => v.voiceId === VOICE);
    assert.ok(preset, 'the catalog is listed');
    assert.equal(preset.category, 'premade');
    assert.ok(voices.voices.length > 200);
    const one = await eleven.voices.get(VOICE);
    assert.equal(one.name, preset.name);
    const models = await eleven.models.list();
    assert.ok(models.some((m) => m.modelId === 'eleven_flash_v2_5'));
    assert.ok(models.some((m) => m.modelId === 'v-lite'));
    const user = await eleven.user.get();
    assert.equal(user.userId, account.account_id);
    assert.equal(user.subscription.characterLimit, await points(server, account.api_key), 'the balance in points');
    const sub = await eleven.user.subscription.get();
    assert.equal(sub.tier, 'pro');
  });

  test('instant voice cloning: POST /v1/voices/add makes a clone that speaks and is listed, delete frees it', async () => {
    const recording = await speechWav(server, account.api_key, presetFor('en-US', 'male').id, CLONE_SCRIPT);
    const created = await eleven.voices.ivc.create({
      name: 'From the SDK',
      files: [new Blob([recording], { type: 'audio/wav' })],
      labels: { language: 'en-US' },
    });
    assert.match(created.voiceId, /^voice_|^vc_|^clone_|^[a-z]+_/);
    assert.equal(created.requiresVerification, false);
    const listed = await server.request('GET', '/api/v1/voices/clones', { key: account.api_key });
    assert.equal(listed.body.voices[0].id, created.voiceId);
    assert.equal(listed.body.voices[0].name, 'From the SDK');
    const speech = await bytes(await eleven.textToSpeech.convert(created.voiceId, { text: 'My own voice.', modelId: 'v-lite' }));
    assert.equal((await ffprobe(speech)).streams[0]?.codec_name, 'mp3');
    await eleven.voices.delete(created.voiceId);
    const after = await server.request('GET', '/api/v1/voices/clones', { key: account.api_key });
    assert.equal(after.body.used, 0);
  });

  test("errors reach the SDK as ElevenLabsError with ElevenLabs' detail shape; nothing is charged", async () => {
    const before = await points(server, account.api_key);
    const wrongKey = await rejection(client(server, 'vl_not_a_key').voices.getAll());
    assert.equal(wrongKey.statusCode, 401);
    assert.equal((wrongKey.body as { detail: { status: string } }).detail.status, 'unauthorized');
    const noVoice = await rejection(eleven.textToSpeech.convert('voice_missing', { text: TEXT }));
    assert.equal(noVoice.statusCode, 404);
    assert.equal((noVoice.body as { detail: { status: string; message: string } }).detail.status, 'voice_not_found');
    const badModel = await rejection(eleven.textToSpeech.convert(VOICE, { text: TEXT, modelId: 'eleven_nope' }));
    assert.equal(badModel.statusCode, 422);
    assert.match((badModel.body as { detail: { message: string } }).detail.message, /eleven_nope/);
    const poor = await server.createAccount('pro', 1);
    const broke = await rejection(client(server, poor.api_key).textToSpeech.convert(VOICE, { text: TEXT }));
    assert.equal(broke.statusCode, 402);
    assert.equal(await points(server, account.api_key), before);
    assert.equal(await points(server, poor.api_key), 1);
  });
});
