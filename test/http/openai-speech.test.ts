import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import OpenAI from 'openai';
import { Stream } from 'openai/core/streaming';
import { decode, ffprobe } from '../helpers/audio.js';
import { KOKORO_SKIP, neuralEnv } from '../helpers/models.js';
import { type Account, type TestServer, points, startServer } from '../helpers/server.js';
import { presetFor } from '../helpers/voices.js';
import { until } from '../helpers/wait.js';

/** A voicelib voice, by id: the native route and the compatible one take the same ids. */
const VOICE = presetFor('en-US');

/** Three sentences: the first is a piece of its own, so even this input streams in two pieces. */
const TEXT = 'Hello there. This is the OpenAI compatible speech route. It speaks three sentences.';

/** What /v1/audio/speech sends with stream_format=sse (docs/openai-compatibility.md). */
type SpeechEvent = {
  type: 'speech.audio.delta' | 'speech.audio.done';
  audio?: string;
  usage?: { input_tokens: number; output_tokens: number; total_tokens: number };
  generation_id?: string;
  points_used?: number;
  warnings?: Array<{ code: string; message: string }>;
};

function client(server: TestServer, key: string): OpenAI {
  // No retries: a 429 or 5xx must reach the test as the client's typed error, once.
  return new OpenAI({ apiKey: key, baseURL: `${server.url}/v1`, maxRetries: 0 });
}

function rms(samples: Float32Array): number {
  let sum = 0;
  for (const s of samples) sum += s * s;
  return Math.sqrt(sum / samples.length);
}

/** The typed error a client call rejects with. */
async function rejection(promise: Promise<unknown>): Promise<InstanceType<typeof OpenAI.APIError>> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof OpenAI.APIError, `expected an APIError, got ${String(error)}`);
    return error;
  }
  assert.fail('the call succeeded');
}

describe('OpenAI-compatible speech with the official npm client', () => {
  let server: TestServer;
  let account: Account;
  let openai: OpenAI;
  before(async () => {
    server = await startServer({ RATE_LIMIT_PER_MINUTE: '10000', BODY_LIMIT_BYTES: '65536' });
    account = await server.createAccount('pro', 100_000);
    openai = client(server, account.api_key);
  });
  after(() => server.close());

  test('every response_format is the file it claims (ffprobe), pcm is raw 24 kHz s16le mono', async () => {
    const expected: Record<string, { format: string; codec: string }> = {
      mp3: { format: 'mp3', codec: 'mp3' },
      opus: { format: 'ogg', codec: 'opus' },
      aac: { format: 'aac', codec: 'aac' },
      flac: { format: 'flac', codec: 'flac' },
      wav: { format: 'wav', codec: 'pcm_s16le' },
    };
    let wavData = 0;
    for (const [format, want] of Object.entries(expected)) {
      const res = await openai.audio.speech.create({
        model: 'tts-1',
        voice: 'alloy',
        input: TEXT,
        response_format: format as 'mp3',
      });
      const data = Buffer.from(await res.arrayBuffer());
      const probe = await ffprobe(data);
      assert.match(probe.format.format_name, new RegExp(want.format), format);
      assert.equal(probe.streams[0]?.codec_name, want.codec, format);
      assert.equal(probe.streams[0]?.channels, 1, format);
      // Opus always decodes at 48 kHz; the others carry 24 kHz as OpenAI's do.
      assert.equal(probe.streams[0]?.sample_rate, format === 'opus' ? '48000' : '24000', format);
      const audio = await decode(data, 24000);
      const seconds = audio.samples.length / 24000;
      assert.ok(seconds > 2 && seconds < 15, `${format}: ${seconds} s`);
      if (format === 'wav') wavData = data.length - 44;
    }
    const pcm = Buffer.from(await (await openai.audio.speech.create({ model: 'tts-1', voice: 'alloy', input: TEXT, response_format: 'pcm' })).arrayBuffer());
    assert.equal(pcm.length % 2, 0, 'whole 16-bit samples');
    // Same text, same voice: the raw stream is the WAV's data exactly (24 kHz, 2 bytes a sample).
    assert.equal(pcm.length, wavData);
    const asRaw = await ffprobe(pcm, ['-f', 's16le', '-ar', '24000', '-ac', '1']);
    assert.ok(Math.abs(Number(asRaw.format.duration) - pcm.length / 48000) < 0.01);
  });

  test('a streamed wav says "length unknown"; its stored copy has the real sizes and the same samples', async () => {
    const res = await openai.audio.speech.create({ model: 'v-lite', voice: 'echo', input: TEXT, response_format: 'wav' }).asResponse();
    const id = res.headers.get('x-generation-id');
    assert.ok(id);
    const streamed = Buffer.from(await res.arrayBuffer());
    assert.equal(streamed.readUInt32LE(4), 0xffffffff, 'RIFF size of the stream');
    assert.equal(streamed.readUInt32LE(40), 0xffffffff, 'data size of the stream');
    await until('the record is ready', async () => (await server.request('GET', `/api/v1/tts/${id}`, { key: account.api_key })).body.status === 'ready');
    const stored = Buffer.from(await (await fetch(`${server.url}/api/v1/tts/${id}/audio`, { headers: { authorization: `Bearer ${account.api_key}` } })).arrayBuffer());
    assert.equal(stored.length, streamed.length);
    assert.equal(stored.readUInt32LE(4), stored.length - 8, 'RIFF size');
    assert.equal(stored.readUInt32LE(40), stored.length - 44, 'data size');
    assert.deepEqual(stored.subarray(0, 4), streamed.subarray(0, 4));
    assert.deepEqual(stored.subarray(8, 40), streamed.subarray(8, 40), 'the same format chunk');
    assert.ok(stored.subarray(44).equals(streamed.subarray(44)), 'the same samples');
    assert.equal((await ffprobe(stored)).streams[0]?.sample_rate, '24000');
  });

  test('each request is charged ceil(characters / 15) and recorded once in the history', async () => {
    const before = await points(server, account.api_key);
    const res = await openai.audio.speech.create({ model: 'tts-1-hd', voice: 'nova', input: TEXT }).asResponse();
    const id = res.headers.get('x-generation-id');
    assert.ok(id);
    await res.arrayBuffer();
    const cost = Math.ceil(TEXT.length / 15);
    assert.equal(res.headers.get('x-points-used'), String(cost));
    assert.equal(before - (await points(server, account.api_key)), cost);
    const single = await server.request('GET', `/api/v1/tts/${id}`, { key: account.api_key });
    assert.equal(single.status, 200);
    const history = await server.request('GET', '/api/v1/tts?limit=100', { key: account.api_key });
    const entry = history.body.generations.find((g: { id: string }) => g.id === id);
    assert.equal(entry.model, 'v-pro');
    assert.equal(entry.format, 'MP3');
    assert.equal(entry.characters, TEXT.length);
    assert.equal(entry.points_used, cost);
    const ledger = await server.container.store.ledgerForRef('generation', id);
    assert.deepEqual(ledger.map((l) => Number(l.amount)), [-cost], 'one debit through the reservation ledger');
  });

  test('4,096 characters stream as chunked audio, in pieces, under one record', async () => {
    const sentence = 'Long inputs are split at sentence ends into pieces the engines take. ';
    const input = sentence.repeat(60).slice(0, 4096);
    const before = await points(server, account.api_key);
    const res = await openai.audio.speech.create({ model: 'v-lite', voice: 'echo', input, response_format: 'pcm', stream_format: 'sse' }).asResponse();
    assert.equal(res.headers.get('content-type'), 'text/event-stream');
    // The client's own SSE reader, event by event as they arrive.
    const events: SpeechEvent[] = [];
    for await (const event of Stream.fromSSEResponse<SpeechEvent>(res, new AbortController(), openai)) events.push(event);
    const deltas = events.filter((e): e is SpeechEvent & { audio: string } => e.type === 'speech.audio.delta');
    // pcm leaves one delta per piece: the first sentence alone, then 2,000-character groups.
    assert.ok(deltas.length >= 3, `${deltas.length} deltas`);
    const done = events.at(-1) as SpeechEvent & { generation_id: string };
    assert.equal(done.type, 'speech.audio.done');
    assert.deepEqual(done.usage, { input_tokens: 4096, output_tokens: 0, total_tokens: 4096 });
    assert.equal(done.points_used, Math.ceil(4096 / 30));
    assert.equal(before - (await points(server, account.api_key)), Math.ceil(4096 / 30));
    const audio = Buffer.concat(deltas.map((d) => Buffer.from(d.audio, 'base64')));
    const seconds = audio.length / 48000;
    assert.ok(seconds > 120, `${seconds} s for 4,096 characters`);
    const row = await server.container.store.findGeneration(done.generation_id, account.account_id);
    assert.equal(row?.characters, 4096);
    assert.ok(Math.abs(row!.duration_seconds - seconds) < 0.01);
    const captions = await server.request('GET', `/api/v1/tts/${done.generation_id}/captions?format=json`, { key: account.api_key });
    assert.equal(captions.status, 200);
    assert.ok(captions.body.words.at(-1).end > seconds - 5, 'word timings run through every piece');

    // Raw streaming through the client: the Response it resolves to, read chunk by chunk.
    const raw = await openai.audio.speech.create({ model: 'v-lite', voice: 'echo', input, response_format: 'mp3' });
    assert.equal(raw.headers.get('transfer-encoding'), 'chunked');
    assert.equal(raw.headers.get('content-length'), null);
    const reader = raw.body!.getReader();
    const chunks: Uint8Array[] = [];
    for (let read = await reader.read(); !read.done; read = await reader.read()) chunks.push(read.value);
    assert.ok(chunks.length > 1, `${chunks.length} chunks`);
    const mp3 = Buffer.concat(chunks);
    assert.ok(mp3.length > 100_000);
    const decoded = await decode(mp3, 24000);
    assert.ok(Math.abs(decoded.samples.length / 24000 - seconds) < 1, `mp3 ${decoded.samples.length / 24000} s vs pcm ${seconds} s`);
  });

  test('unknown [tags] are removed and reported in X-Voicelib-Warnings, as on POST /api/v1/tts', async () => {
    const input = 'Hello [grumpy] there. <shout>Quietly</shout> now.';
    const native = await server.request('POST', '/api/v1/tts', { key: account.api_key, body: { text: input, voice: VOICE.id, model: 'v-lite' } });
    const expected = native.headers.get('x-voicelib-warnings');
    assert.match(expected ?? '', /^unknown_tag: .*grumpy/);
    const res = await openai.audio.speech.create({ model: 'v-lite', voice: VOICE.id, input, response_format: 'wav' }).asResponse();
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('x-voicelib-warnings'), expected);
    assert.ok((await res.arrayBuffer()).byteLength > 44);

    const sse = await openai.audio.speech.create({ model: 'v-lite', voice: VOICE.id, input, stream_format: 'sse' }).asResponse();
    assert.equal(sse.headers.get('x-voicelib-warnings'), expected);
    let done: SpeechEvent | undefined;
    for await (const event of Stream.fromSSEResponse<SpeechEvent>(sse, new AbortController(), openai)) done = event;
    assert.equal(done?.type, 'speech.audio.done');
    assert.deepEqual(done?.warnings, native.body.warnings);

    const clean = await openai.audio.speech.create({ model: 'v-lite', voice: VOICE.id, input: 'Nothing to report.' }).asResponse();
    assert.equal(clean.headers.get('x-voicelib-warnings'), null);
    await clean.arrayBuffer();
  });

  test('speed 0.25-4 changes the duration; outside the native 0.5-1.5 a time stretch does the rest', async () => {
    const seconds = async (speed?: number) => {
      const res = await openai.audio.speech.create({ model: 'tts-1', voice: 'onyx', input: TEXT, response_format: 'pcm', ...(speed ? { speed } : {}) });
      return (await res.arrayBuffer()).byteLength / 48000;
    };
    const normal = await seconds(1);
    const [quarter, double, fourfold] = [await seconds(0.25), await seconds(2), await seconds(4)];
    assert.ok(quarter > normal * 2.5, `0.25: ${quarter} s vs ${normal} s`);
    assert.ok(double < normal * 0.65, `2: ${double} s vs ${normal} s`);
    assert.ok(fourfold < double * 0.65, `4: ${fourfold} s vs ${double} s`);
    const tooFast = await rejection(openai.audio.speech.create({ model: 'tts-1', voice: 'onyx', input: TEXT, speed: 4.5 }));
    assert.ok(tooFast instanceof OpenAI.UnprocessableEntityError);
    assert.equal(tooFast.param, 'speed');
  });

  test('SSML-like tags keep their reading on this route too: <sub alias> and <prosody rate> change what is heard', async () => {
    const seconds = async (input: string) => {
      const res = await openai.audio.speech.create({ model: 'tts-1', voice: 'onyx', input, response_format: 'pcm' });
      return (await res.arrayBuffer()).byteLength / 48000;
    };
    // The route cuts input into pieces (speech-pieces.ts); a piece must keep the tag's reading.
    const plain = await seconds('Ask the ISO. Then wait for the answer.');
    const alias = await seconds('Ask the <sub alias="International Organization for Standardization">ISO</sub>. Then wait for the answer.');
    assert.ok(alias > plain + 1, `sub alias: ${alias} s vs ${plain} s`);
    const slow = await seconds('<prosody rate="x-slow">Ask the ISO. Then wait for the answer.</prosody>');
    assert.ok(slow > plain * 1.2, `prosody x-slow: ${slow} s vs ${plain} s`);
  });

  test('instructions steer gpt-4o-mini-tts (v-studio); tts-1 refuses them with 422', async () => {
    const level = async (instructions?: string) => {
      const res = await openai.audio.speech.create({
        model: 'gpt-4o-mini-tts',
        voice: 'coral',
        input: TEXT,
        response_format: 'wav',
        ...(instructions ? { instructions } : {}),
      });
      return rms((await decode(Buffer.from(await res.arrayBuffer()))).samples);
    };
    const plain = await level();
    const whisper = await level('Whisper it, very quietly.');
    // The whisper style lowers the energy by 10 dB (a third of the amplitude).
    assert.ok(whisper < plain * 0.6, `whisper ${whisper} vs plain ${plain}`);
    const refused = await rejection(openai.audio.speech.create({ model: 'tts-1', voice: 'coral', input: TEXT, instructions: 'Whisper.' }));
    assert.equal(refused.status, 422);
    assert.equal(refused.code, 'unsupported_control');
    assert.equal(refused.param, 'instructions');
  });

  test('errors are typed client errors with the native statuses and OpenAI shape', async () => {
    const before = await points(server, account.api_key);
    const voice = await rejection(openai.audio.speech.create({ model: 'tts-1', voice: 'nobody', input: TEXT }));
    assert.ok(voice instanceof OpenAI.NotFoundError);
    assert.deepEqual(voice.error, { message: 'Voice "nobody" not found', type: 'not_found_error', param: 'voice', code: 'voice_not_found' });
    const empty = await rejection(openai.audio.speech.create({ model: 'tts-1', voice: 'alloy', input: '' }));
    assert.ok(empty instanceof OpenAI.BadRequestError);
    assert.equal(empty.code, 'missing_text');
    assert.equal(empty.param, 'input');
    const long = await rejection(openai.audio.speech.create({ model: 'tts-1', voice: 'alloy', input: 'a'.repeat(4097) }));
    assert.equal(long.status, 413);
    assert.equal(long.code, 'text_too_long');
    const model = await rejection(openai.audio.speech.create({ model: 'whisper-1', voice: 'alloy', input: TEXT }));
    assert.ok(model instanceof OpenAI.UnprocessableEntityError);
    assert.equal(model.code, 'unknown_model');
    const key = await rejection(client(server, 'vl_not_a_key').audio.speech.create({ model: 'tts-1', voice: 'alloy', input: TEXT }));
    assert.ok(key instanceof OpenAI.AuthenticationError);
    assert.equal((key.error as { type: string }).type, 'authentication_error');
    assert.equal(await points(server, account.api_key), before, 'refused requests cost nothing');

    const poor = await server.createAccount('pro', 1);
    const broke = await rejection(client(server, poor.api_key).audio.speech.create({ model: 'tts-1', voice: 'alloy', input: TEXT }));
    assert.equal(broke.status, 402);
    assert.equal(broke.code, 'insufficient_points');
  });

  test('framework errors on /v1 take the OpenAI shape; /api/v1 keeps the native one', async () => {
    const shape = (body: { error: Record<string, unknown> }) => Object.keys(body.error).sort().join(',');
    const key = account.api_key;
    const cases: Array<[number, { status: number; text: string; body: any }]> = [
      [404, await server.request('GET', '/v1/nope', { key })],
      [405, await server.request('GET', '/v1/audio/speech', { key })],
      [400, await server.request('POST', '/v1/audio/speech', { key, raw: '{"model":', headers: { 'content-type': 'application/json' } })],
      [400, await server.request('POST', '/v1/audio/speech', { key, body: { model: 'tts-1', voice: 'alloy' } })],
      [413, await server.request('POST', '/v1/audio/speech', { key, body: { model: 'tts-1', voice: 'alloy', input: 'a'.repeat(70_000) } })],
      [401, await server.request('GET', '/v1/models')],
      [422, await server.request('POST', '/v1/audio/speech', { key, body: { model: 'tts-1', voice: 'alloy', input: 'hi', response_format: 'ogg' } })],
    ];
    for (const [status, res] of cases) {
      assert.equal(res.status, status, res.text);
      assert.equal(shape(res.body), 'code,message,param,type', res.text);
    }
    assert.equal(cases[3]![1].body.error.param, 'input');
    assert.equal(cases[6]![1].body.error.param, 'response_format');
    const native = await server.request('GET', '/api/v1/nope', { key });
    assert.equal(shape(native.body), 'code,message');
  });

  test('a client that leaves mid-stream is charged for a recorded generation or for nothing', async () => {
    const input = 'A client may hang up while the audio is still being made. '.repeat(60).slice(0, 4000);
    const before = await points(server, account.api_key);
    const cancel = new AbortController();
    const res = await fetch(`${server.url}/v1/audio/speech`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.api_key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'tts-1', voice: 'ballad', input, response_format: 'wav', speed: 0.25 }),
      signal: cancel.signal,
    });
    const id = res.headers.get('x-generation-id')!;
    const reader = res.body!.getReader();
    assert.ok(!(await reader.read()).done, 'the first piece arrives');
    cancel.abort();
    // Whichever way the race went, points and records agree once the server has finished with it.
    const cost = Math.ceil(input.length / 15);
    for (let i = 0; ; i++) {
      const spent = before - (await points(server, account.api_key));
      const row = await server.container.store.findGeneration(id, account.account_id);
      const open = (await server.container.store.listOpenReservations('none')).length;
      if (open === 0 && ((spent === 0 && !row) || (spent === cost && row))) break;
      assert.ok(i < 600, `spent ${spent}, record ${row ? 'present' : 'absent'}, ${open} open reservations`);
      await new Promise((r) => setTimeout(r, 100));
    }
  });

  test('the OpenAPI document describes the /v1 routes', async () => {
    const doc = (await server.request('GET', '/api/v1/openapi.json')).body;
    const speech = doc.paths['/v1/audio/speech'].post;
    const body = speech.requestBody.content['application/json'].schema;
    assert.deepEqual(body.required, ['model', 'input', 'voice']);
    assert.equal(body.properties.input.maxLength, 4096);
    assert.deepEqual([body.properties.speed.minimum, body.properties.speed.maximum], [0.25, 4]);
    assert.deepEqual(body.properties.response_format.enum, ['mp3', 'opus', 'aac', 'flac', 'wav', 'pcm']);
    assert.deepEqual(body.properties.stream_format.enum, ['audio', 'sse']);
    assert.ok(speech.responses['200'].content['text/event-stream']);
    assert.ok(speech.responses['200'].content['audio/aac']);
    assert.ok(speech.responses['401']);
    assert.ok(doc.paths['/v1/models'].get.responses['200']);
    assert.ok(doc.paths['/v1/models/{model}'].get.responses['404']);
    assert.deepEqual(doc.components.schemas.OpenAiError.properties.error.required, ['message', 'type', 'param', 'code']);
  });

  test('GET /v1/models lists the OpenAI and voicelib ids; /v1/models/{id} finds one or 404s', async () => {
    const ids = [];
    for await (const model of openai.models.list()) ids.push(model.id);
    assert.deepEqual(ids, ['tts-1', 'tts-1-hd', 'gpt-4o-mini-tts', 'v-studio', 'v-flash', 'v-pro', 'v-lite']);
    const one = await openai.models.retrieve('gpt-4o-mini-tts');
    assert.equal(one.object, 'model');
    assert.equal((one as unknown as { voicelib_model: string }).voicelib_model, 'v-studio');
    assert.ok((await rejection(openai.models.retrieve('gpt-5'))) instanceof OpenAI.NotFoundError);
  });
});

describe('rate limits are shared with the native API', () => {
  test('/v1 and /api/v1 requests count against the same per-minute window', async () => {
    const server = await startServer({ RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const account = await server.createAccount('pro', 1000);
      await server.request('GET', '/api/v1/ping', { key: account.api_key });
      await server.request('GET', '/api/v1/models', { key: account.api_key });
      const openai = client(server, account.api_key);
      await openai.models.list();
      const limited = await rejection(openai.audio.speech.create({ model: 'tts-1', voice: 'alloy', input: TEXT }));
      assert.ok(limited instanceof OpenAI.RateLimitError);
      assert.equal(limited.headers?.get('retry-after') !== null, true);
    } finally {
      await server.close();
    }
  });
});

describe('an encoder that cannot run', () => {
  test('is a 502 in OpenAI shape before any audio, with nothing charged or recorded', async () => {
    const server = await startServer({ FFMPEG_PATH: '/nonexistent/ffmpeg' });
    try {
      const account = await server.createAccount('pro', 1000);
      const openai = client(server, account.api_key);
      const failed = await rejection(openai.audio.speech.create({ model: 'tts-1', voice: 'alloy', input: TEXT, response_format: 'aac' }));
      assert.ok(failed instanceof OpenAI.InternalServerError);
      assert.equal(failed.status, 502);
      assert.equal(failed.code, 'provider_error');
      assert.equal((failed.error as { type: string }).type, 'server_error');
      assert.equal(await points(server, account.api_key), 1000);
      const history = await server.request('GET', '/api/v1/tts', { key: account.api_key });
      assert.deepEqual(history.body.generations, []);
      // wav needs no ffmpeg and still works.
      const wav = await openai.audio.speech.create({ model: 'tts-1', voice: 'alloy', input: TEXT, response_format: 'wav' });
      assert.ok((await wav.arrayBuffer()).byteLength > 44);
    } finally {
      await server.close();
    }
  });
});

describe('OpenAI model names reach the neural engine', KOKORO_SKIP, () => {
  test('tts-1 with alloy speaks through Kokoro when it is installed', async () => {
    const server = await startServer({ RATE_LIMIT_PER_MINUTE: '10000', ...neuralEnv() });
    try {
      const account = await server.createAccount('pro', 1000);
      const res = await client(server, account.api_key)
        .audio.speech.create({ model: 'tts-1', voice: 'alloy', input: 'Good voices, please.', response_format: 'wav' })
        .asResponse();
      assert.equal(res.headers.get('x-voice-engine'), 'kokoro');
      const audio = await decode(Buffer.from(await res.arrayBuffer()));
      assert.ok(audio.samples.length / audio.sampleRate > 0.8);
    } finally {
      await server.close();
    }
  });
});
