import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import WebSocket from 'ws';
import { ffprobe } from '../helpers/audio.js';
import { type Account, type TestServer, points, startServer } from '../helpers/server.js';
import { presetFor } from '../helpers/voices.js';
import { until } from '../helpers/wait.js';

const VOICE = presetFor('en-US').id;

interface Conversation {
  ws: WebSocket;
  frames: Array<Record<string, any>>;
  audio: Buffer[];
  closed: Promise<{ code: number; reason: string }>;
}

function open(server: TestServer, query: string, headers: Record<string, string> = {}): Promise<Conversation> {
  const ws = new WebSocket(`${server.url.replace('http', 'ws')}/api/v1/tts/ws${query}`, { headers });
  const frames: Array<Record<string, any>> = [];
  const audio: Buffer[] = [];
  ws.on('message', (data, isBinary) => {
    if (isBinary) audio.push(Buffer.from(data as Buffer));
    else frames.push(JSON.parse(String(data)));
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })));
  return new Promise((resolve, reject) => {
    ws.on('open', () => resolve({ ws, frames, audio, closed }));
    ws.on('error', reject);
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('native speech WebSocket /api/v1/tts/ws', () => {
  let server: TestServer;
  let account: Account;
  let auth: Record<string, string>;
  before(async () => {
    server = await startServer({ RATE_LIMIT_PER_MINUTE: '10000' });
    account = await server.createAccount('pro', 100_000);
    auth = { authorization: `Bearer ${account.api_key}` };
  });
  after(() => server.close());

  test('tokens in, binary audio and word timings out; close gives one generation whose audio and captions are what was streamed', async () => {
    const before = await points(server, account.api_key);
    const c = await open(server, `?voice=${VOICE}&model=v-lite&format=MP3`, auth);
    const text = 'Well, hello there my friend, this arrives token by token. A second sentence ends it.';
    for (const token of text.split(/(?<= )/)) {
      c.ws.send(JSON.stringify({ type: 'text', text: token }));
      await sleep(15);
    }
    c.ws.send(JSON.stringify({ type: 'close' }));
    const end = await c.closed;
    assert.equal(end.code, 1000);
    const start = c.frames[0]!;
    assert.equal(start['type'], 'start');
    const done = c.frames.at(-1)!;
    assert.equal(done['type'], 'done');
    assert.equal(done['generation_id'], start['generation_id']);
    // The characters of its phrases: the whitespace between two phrases is not spoken or counted.
    assert.ok(done['characters'] <= text.length && done['characters'] >= text.length - 4, `${done['characters']} characters`);
    const words = c.frames.filter((f) => f['type'] === 'words').flatMap((f) => f['words']);
    assert.equal(words.map((w: { word: string }) => w.word).join(' '), text);
    for (let i = 1; i < words.length; i++) assert.ok(words[i].start >= words[i - 1].start, 'times run from the start of the socket');
    const streamed = Buffer.concat(c.audio);
    const probe = await ffprobe(streamed);
    assert.equal(probe.streams[0]?.codec_name, 'mp3');
    assert.ok(Math.abs(Number(probe.format.duration) - words.at(-1).end) < 1.5);
    // One record: the stored audio is exactly the streamed bytes; one charge for the whole text.
    const id = done['generation_id'];
    await until('the record is ready', async () => (await server.request('GET', `/api/v1/tts/${id}`, { key: account.api_key })).body.status === 'ready');
    const stored = Buffer.from(await (await fetch(`${server.url}/api/v1/tts/${id}/audio`, { headers: auth })).arrayBuffer());
    assert.ok(stored.equals(streamed));
    const captions = await server.request('GET', `/api/v1/tts/${id}/captions?format=json&mode=word`, { key: account.api_key });
    assert.equal(captions.body.words.length, words.length);
    assert.ok(done['points_used'] > 0);
    assert.equal(await points(server, account.api_key), before - done['points_used']);
    const history = (await server.request('GET', '/api/v1/tts?limit=5', { key: account.api_key })).body.generations;
    assert.equal(history.filter((g: { id: string }) => g.id === id).length, 1);
  });

  test('a browser token: single use, voice in the first frame, JSON audio frames', async () => {
    const issued = await server.request('POST', '/api/v1/tts/ws-token', { key: account.api_key });
    assert.equal(issued.status, 200);
    assert.match(issued.body.url, /^\/api\/v1\/tts\/ws\?token=wst_/);
    const c = await open(server, `?token=${issued.body.token}&audio=json`);
    c.ws.send(JSON.stringify({ type: 'text', text: 'Hi from a browser.', voice: VOICE, model: 'v-lite', format: 'PCM', sample_rate: 16000 }));
    c.ws.send(JSON.stringify({ type: 'close' }));
    assert.equal((await c.closed).code, 1000);
    const audio = c.frames.filter((f) => f['type'] === 'audio');
    assert.ok(audio.length > 0);
    const pcm = Buffer.concat(audio.map((f) => Buffer.from(f['audio'], 'base64')));
    assert.ok(pcm.length / 32000 > 0.5);
    const again = await open(server, `?token=${issued.body.token}`);
    assert.equal((await again.closed).code, 1008);
    assert.equal(again.frames[0]!['error'].code, 'unauthorized');
  });

  test('bad input: an error frame and 1008; unspoken text costs nothing; spoken text is recorded whole', async () => {
    const before = await points(server, account.api_key);
    const cases: Array<[string, (ws: WebSocket) => void, string]> = [
      ['malformed JSON', (ws) => ws.send('{"type": "te'), 'invalid_json'],
      ['a binary frame', (ws) => ws.send(Buffer.from([0, 1])), 'bad_request'],
      ['text over the limit', (ws) => ws.send(JSON.stringify({ type: 'text', text: 'x '.repeat(1001) })), 'text_too_long'],
      ['an unknown type', (ws) => ws.send(JSON.stringify({ type: 'shout' })), 'validation_error'],
    ];
    for (const [what, act, code] of cases) {
      const c = await open(server, `?voice=${VOICE}&model=v-lite`, auth);
      c.ws.send(JSON.stringify({ type: 'text', text: 'Never finished ' }));
      act(c.ws);
      assert.equal((await c.closed).code, 1008, what);
      assert.equal(c.frames.at(-1)!['error'].code, code, what);
    }
    const unknown = await open(server, '?voice=voice_nobody', auth);
    unknown.ws.send(JSON.stringify({ type: 'text', text: 'Who speaks?' }));
    unknown.ws.send(JSON.stringify({ type: 'close' }));
    assert.equal((await unknown.closed).code, 1008);
    assert.equal(unknown.frames.at(-1)!['error'].code, 'voice_not_found');
    const noKey = await open(server, `?voice=${VOICE}`);
    assert.equal((await noKey.closed).code, 1008);
    assert.equal(noKey.frames[0]!['error'].code, 'unauthorized');
    assert.equal(await points(server, account.api_key), before, 'nothing spoken, nothing charged');

    // A voice change after speech started: what was spoken is kept as one whole record.
    const c = await open(server, `?voice=${VOICE}&model=v-lite`, auth);
    c.ws.send(JSON.stringify({ type: 'text', text: 'This sentence is spoken. ' }));
    await until('the first phrase is heard', async () => c.audio.length > 0, 30_000);
    c.ws.send(JSON.stringify({ type: 'text', text: 'And then ', voice: 'voice_nobody' }));
    assert.equal((await c.closed).code, 1008);
    assert.equal(c.frames.at(-1)!['error'].code, 'validation_error');
    const id = c.frames[0]!['generation_id'];
    await until('the record is ready', async () => (await server.request('GET', `/api/v1/tts/${id}`, { key: account.api_key })).body.status === 'ready');
    const row = (await server.request('GET', '/api/v1/tts?limit=1', { key: account.api_key })).body.generations[0];
    assert.equal(row.id, id);
    assert.equal(row.characters, 'This sentence is spoken.'.length, 'the spoken sentence, whole; nothing of the refused frame');
    assert.equal(await points(server, account.api_key), before - row.points_used);
  });

  test('idle for the timeout, or a client that leaves: the socket ends and only spoken text is charged', async () => {
    const poorer = await server.createAccount('pro', 5000);
    const c = await open(server, `?voice=${VOICE}&model=v-lite&format=PCM`, { authorization: `Bearer ${poorer.api_key}` });
    const sentences = Array.from({ length: 10 }, (_, i) => `Sentence number ${i + 1} of something long.`).join(' ');
    c.ws.send(JSON.stringify({ type: 'text', text: sentences }));
    c.ws.send(JSON.stringify({ type: 'flush' }));
    await until('audio arrives', async () => c.audio.length > 0, 30_000);
    c.ws.terminate();
    await until('the session is recorded', async () => (await server.request('GET', '/api/v1/tts?limit=5', { key: poorer.api_key })).body.generations.length === 1, 15_000);
    const row = (await server.request('GET', '/api/v1/tts?limit=5', { key: poorer.api_key })).body.generations[0];
    assert.ok(row.characters > 0 && row.characters < sentences.length, `${row.characters} of ${sentences.length} characters`);
    await until('only that is charged', async () => (await points(server, poorer.api_key)) === 5000 - row.points_used, 10_000);
  });

  test('a reader that stops reading holds the synthesis: the server does not make audio faster than it is taken', async () => {
    const slow = await server.createAccount('pro', 100_000);
    const c = await open(server, `?voice=${VOICE}&model=v-lite&format=PCM&sample_rate=48000`, { authorization: `Bearer ${slow.api_key}` });
    // 60 sentences are about 17 MB of 48 kHz PCM; the client stops reading after the first audio.
    const sentences = Array.from({ length: 60 }, (_, i) => `This is sentence ${i + 1}, spoken for a reader that has stopped reading.`);
    for (let i = 0; i < sentences.length; i += 10) c.ws.send(JSON.stringify({ type: 'text', text: `${sentences.slice(i, i + 10).join(' ')} ` }));
    c.ws.send(JSON.stringify({ type: 'flush' }));
    await until('audio arrives', async () => c.audio.length > 0, 30_000);
    (c.ws as unknown as { _socket: { pause(): void } })._socket.pause();
    await sleep(8000);
    c.ws.terminate();
    await until('the session is recorded', async () => (await server.request('GET', '/api/v1/tts?limit=1', { key: slow.api_key })).body.generations.length === 1, 15_000);
    const row = (await server.request('GET', '/api/v1/tts?limit=1', { key: slow.api_key })).body.generations[0];
    const total = sentences.join(' ').length;
    assert.ok(row.characters < total / 2, `${row.characters} of ${total} characters synthesized for a reader that read almost nothing`);
  });
});
