import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, test } from 'node:test';
import { ffprobe } from '../helpers/audio.js';
import { type Account, type TestServer, startServer } from '../helpers/server.js';
import { presetFor } from '../helpers/voices.js';
import { untilValue } from '../helpers/wait.js';

const VOICE = presetFor('en-US');
const SENTENCES = [
  'The birch canoe slid on the smooth planks.',
  'Glue the sheet to the dark blue background.',
  'It is easy to tell the depth of a well.',
  'These days a chicken leg is a rare dish.',
  'Rice is often served in round bowls.',
];
const SHORT = SENTENCES.slice(0, 2).join(' ');
/** ~1,990 characters, 46 sentences: seconds of synthesis on v-flash, whatever the machine. */
const LONG = Array.from({ length: 46 }, (_, i) => SENTENCES[i % SENTENCES.length]).join(' ');

interface Streamed {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** What happened, in order: 'chunk', 'record:<status>' (the GET made after the first chunk), 'end'. */
  events: string[];
}

/**
 * POSTs to the stream route with node:http so every received piece is seen. After the first
 * piece, asks GET /api/v1/tts/:id once and records its answer among the events.
 */
function postStream(server: TestServer, key: string, body: unknown, onFirst?: (req: http.ClientRequest) => void): Promise<Streamed> {
  return new Promise((resolve, reject) => {
    const url = new URL('/api/v1/tts/stream', server.url);
    const req = http.request(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      const pieces: Buffer[] = [];
      const events: string[] = [];
      const finish = () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(pieces), events });
      res.on('data', (piece: Buffer) => {
        pieces.push(piece);
        events.push('chunk');
        if (pieces.length !== 1 || res.statusCode !== 200) return;
        if (onFirst) return onFirst(req);
        const id = String(res.headers['x-generation-id']);
        server.request('GET', `/api/v1/tts/${id}`, { key }).then(
          (r) => events.push(`record:${r.status === 200 ? r.body.status : r.status}`),
          reject,
        );
      });
      res.on('end', () => {
        events.push('end');
        // The record query may still be in flight when a short stream ends.
        untilValue('the record query', async () => (events.some((e) => e.startsWith('record:')) ? true : undefined)).then(finish, reject);
      });
      res.on('aborted', finish);
      res.on('error', () => finish());
    });
    req.end(JSON.stringify(body));
  });
}

describe('POST /api/v1/tts/stream', () => {
  let server: TestServer;
  let account: Account;
  const points = async (key = account.api_key) =>
    (await server.request('GET', '/api/v1/ping', { key })).body.points as number;
  before(async () => {
    server = await startServer({ RATE_LIMIT_PER_MINUTE: '10000' });
    account = await server.createAccount('pro', 100_000);
  });
  after(() => server.close());

  test('audio arrives while the text is still being synthesized; the record then holds exactly the streamed bytes', async () => {
    const before = await points();
    const res = await postStream(server, account.api_key, { text: LONG, voice: VOICE.id, model: 'v-flash', captions: true });
    assert.equal(res.status, 200, res.body.toString());
    assert.equal(res.headers['content-type'], 'audio/mpeg');
    assert.equal(res.headers['transfer-encoding'], 'chunked');
    const id = String(res.headers['x-generation-id']);
    assert.match(id, /^gen_/);
    assert.ok(res.headers['x-voice-engine']);
    // Order of events: the first piece came while the generation was not recorded yet (it is
    // recorded when the last sentence is done), and more audio followed the answer to that query.
    const recordAt = res.events.findIndex((e) => e.startsWith('record:'));
    assert.equal(res.events[recordAt], 'record:404', res.events.join(' '));
    assert.ok(res.events.slice(recordAt + 1).includes('chunk'), `chunks after the record query: ${res.events.join(' ')}`);

    const ready = await untilValue('ready', async () => {
      const r = await server.request('GET', `/api/v1/tts/${id}`, { key: account.api_key });
      return r.status === 200 && r.body.status === 'ready' ? r.body : undefined;
    });
    assert.equal(ready.format, 'MP3');
    const stored = await fetch(`${server.url}/api/v1/tts/${id}/audio`, { headers: { authorization: `Bearer ${account.api_key}` } });
    assert.deepEqual(Buffer.from(await stored.arrayBuffer()), res.body, 'stored audio = streamed audio');
    const row = await server.container.store.findGenerationById(id);
    assert.ok(row);
    assert.equal(row.characters, LONG.length);
    assert.equal(row.points_used, Math.ceil(LONG.length / 20), 'v-flash: ceil(characters / 20)');
    assert.equal(before - (await points()), row.points_used);
    const ledger = await server.container.store.ledgerForRef('generation', id);
    assert.deepEqual(ledger.map((l) => l.amount), [-row.points_used]);
    // Captions come from the timings of every sentence, offset into the whole audio.
    const captions = await server.request('GET', `/api/v1/tts/${id}/captions?format=json&mode=word`, { key: account.api_key });
    assert.equal(captions.status, 200);
    const words = captions.body.words as Array<{ word: string; start: number; end: number }>;
    assert.equal(words.length, LONG.split(' ').length);
    for (let i = 1; i < words.length; i++) assert.ok(words[i]!.start >= words[i - 1]!.start, 'timings in order');
    const probe = await ffprobe(res.body);
    assert.ok(Number(probe.format.duration) >= words.at(-1)!.end - 0.1);
  });

  const FORMATS: Array<[string, string, string[]]> = [
    ['MP3', 'mp3', []],
    ['OGG_OPUS', 'opus', []],
    ['PCM', 'pcm_s16le', ['-f', 's16le', '-ar', '16000', '-ac', '1']],
    ['LINEAR16', 'pcm_s16le', []],
    ['ALAW', 'pcm_alaw', []],
    ['MULAW', 'pcm_mulaw', []],
    ['FLAC', 'flac', []],
  ];
  for (const [format, codec, inputArgs] of FORMATS) {
    test(`${format} streams decode with ffprobe and match the stored copy`, async () => {
      const res = await postStream(server, account.api_key, { text: SHORT, voice: VOICE.id, model: 'v-lite', format, sample_rate: 16000 });
      assert.equal(res.status, 200, res.body.toString());
      const probe = await ffprobe(res.body, inputArgs);
      assert.equal(probe.streams[0]?.codec_name, codec);
      if (format !== 'OGG_OPUS') assert.equal(probe.streams[0]?.sample_rate, '16000');
      const id = String(res.headers['x-generation-id']);
      await untilValue('ready', async () => {
        const r = await server.request('GET', `/api/v1/tts/${id}`, { key: account.api_key });
        return r.status === 200 && r.body.status === 'ready' ? true : undefined;
      });
      const stored = await fetch(`${server.url}/api/v1/tts/${id}/audio`, { headers: { authorization: `Bearer ${account.api_key}` } });
      assert.deepEqual(Buffer.from(await stored.arrayBuffer()), res.body);
    });
  }

  test('a client that disconnects stops synthesis and pays only for the sentences synthesized', async () => {
    const before = await points();
    const res = await postStream(server, account.api_key, { text: LONG, voice: VOICE.id, model: 'v-flash' }, (req) => req.destroy());
    assert.equal(res.status, 200);
    const id = String(res.headers['x-generation-id']);
    // At least the first sentence was synthesized (it was sent), so a partial record is written.
    const row = await untilValue('the partial record', async () => (await server.container.store.findGenerationById(id)) ?? undefined);
    assert.ok(row.characters > 0 && row.characters < LONG.length, `${row.characters} of ${LONG.length} characters`);
    assert.equal(row.points_used, Math.ceil(row.characters / 20), 'charged for the characters kept');
    assert.ok(row.points_used < Math.ceil(LONG.length / 20));
    assert.equal(before - (await points()), row.points_used, 'balance moved by exactly the charge');
    const ledger = await server.container.store.ledgerForRef('generation', id);
    assert.equal(ledger.reduce((n, l) => n + l.amount, 0), -row.points_used);
    // The kept audio is a playable file of the synthesized part.
    await untilValue('ready', async () => ((await server.container.store.findGenerationById(id))?.status === 'ready' ? true : undefined));
    const stored = await fetch(`${server.url}/api/v1/tts/${id}/audio`, { headers: { authorization: `Bearer ${account.api_key}` } });
    const probe = await ffprobe(Buffer.from(await stored.arrayBuffer()));
    assert.ok(Math.abs(Number(probe.format.duration) - row.duration_seconds) < 0.2);
  });

  test('validation errors are the JSON route\'s, and take nothing', async () => {
    const before = await points();
    const cases: Array<[unknown, number, string]> = [
      [{ text: SHORT, voice: VOICE.id, model: 'v-nothing' }, 422, 'unknown_model'],
      [{ text: SHORT, voice: VOICE.id, model: 'v-flash', temperature: 1 }, 422, 'unsupported_control'],
      [{ text: 'a <break time="9000s"/> b', voice: VOICE.id }, 422, 'invalid_break_tag'],
      [{ text: 'x'.repeat(2001), voice: VOICE.id }, 413, 'text_too_long'],
      [{ text: SHORT, voice: 'no-such-voice' }, 404, 'voice_not_found'],
    ];
    for (const [body, status, code] of cases) {
      const stream = await server.request('POST', '/api/v1/tts/stream', { key: account.api_key, body });
      const json = await server.request('POST', '/api/v1/tts', { key: account.api_key, body });
      assert.equal(stream.status, json.status, `${code}: same status as the JSON route`);
      assert.deepEqual(stream.body, json.body);
      assert.equal(stream.status, status, JSON.stringify(stream.body));
      assert.equal(stream.body.error?.code ?? stream.body.code, code, JSON.stringify(stream.body));
    }
    assert.equal(await points(), before);

    const poor = await server.createAccount('pro', 1);
    const res = await server.request('POST', '/api/v1/tts/stream', { key: poor.api_key, body: { text: LONG, voice: VOICE.id } });
    assert.equal(res.status, 402);
    assert.equal(await points(poor.api_key), 1);
  });
});
