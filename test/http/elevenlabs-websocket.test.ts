import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import WebSocket from 'ws';
import { type Account, type TestServer, points, startServer } from '../helpers/server.js';
import { presetFor } from '../helpers/voices.js';
import { until } from '../helpers/wait.js';

const VOICE = presetFor('en-US').id;

type Message = Record<string, any>;

/** A socket to the server and everything it says, with its close code. */
function open(server: TestServer, path: string, key: string | null): Promise<{ ws: WebSocket; messages: Message[]; closed: Promise<{ code: number; reason: string }> }> {
  const url = `${server.url.replace('http', 'ws')}${path}`;
  const ws = new WebSocket(url, { headers: key ? { 'xi-api-key': key } : {} });
  const messages: Message[] = [];
  ws.on('message', (data) => messages.push(JSON.parse(String(data))));
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })));
  return new Promise((resolve, reject) => {
    ws.on('open', () => resolve({ ws, messages, closed }));
    ws.on('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
    ws.on('error', reject);
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("ElevenLabs' input-streaming WebSockets (stream-input, multi-stream-input)", () => {
  let server: TestServer;
  let account: Account;
  before(async () => {
    server = await startServer({ RATE_LIMIT_PER_MINUTE: '10000' });
    account = await server.createAccount('pro', 100_000);
  });
  after(() => server.close());

  test('multi-stream-input as Pipecat drives it: tokens in, one message per phrase with PCM and ms alignment, isFinal per context', async () => {
    const before = await points(server, account.api_key);
    const { ws, messages } = await open(server, `/v1/text-to-speech/${VOICE}/multi-stream-input?model_id=v-lite&output_format=pcm_16000&auto_mode=true`, account.api_key);
    const tokens = 'Well, hello there my friend, it is good to see you. How are you today? I am fine. '.split(/(?<= )/);
    ws.send(JSON.stringify({ text: ' ', context_id: 'c1', voice_settings: {} }));
    ws.send(JSON.stringify({ text: ' ', context_id: 'c2' }));
    for (const token of tokens) {
      ws.send(JSON.stringify({ text: token, context_id: 'c1' }));
      await sleep(20);
    }
    ws.send(JSON.stringify({ text: '' })); // Pipecat's keep-alive: ignored
    ws.send(JSON.stringify({ text: 'A second voice', context_id: 'c2' }));
    ws.send(JSON.stringify({ context_id: 'c1', flush: true }));
    ws.send(JSON.stringify({ context_id: 'c1', close_context: true }));
    ws.send(JSON.stringify({ text: ' speaks too.', context_id: 'c2', flush: true }));
    ws.send(JSON.stringify({ context_id: 'c2', close_context: true }));
    await until('both contexts are final', async () => messages.filter((m) => m['isFinal'] === true).length === 2, 60_000);
    const c1 = messages.filter((m) => m['contextId'] === 'c1');
    assert.ok(c1.every((m) => m['context_id'] === 'c1'), 'context_id is sent too');
    assert.equal(c1.at(-1)!['isFinal'], true, 'isFinal comes last, alone');
    assert.equal(c1.at(-1)!['audio'], undefined);
    const audio = c1.filter((m) => m['audio']);
    assert.ok(audio.length >= 3, `the first phrase is cut early: ${audio.length} phrases`);
    const first = audio[0]!['alignment'];
    assert.equal(first.chars.join(''), 'Well,', 'a short first phrase, cut at the first clause');
    assert.equal(first.charStartTimesMs.length, first.chars.length);
    assert.equal(first.charDurationsMs.length, first.chars.length);
    const spoken = audio.map((m) => m['alignment'].chars.join('')).join('');
    assert.equal(spoken, tokens.join('').trim());
    for (const m of audio) {
      const pcm = Buffer.from(m['audio'], 'base64');
      assert.equal(pcm.subarray(0, 4).toString('latin1') === 'RIFF', false);
      const seconds = pcm.length / 32000;
      const lastEnd = (m['alignment'].charStartTimesMs.at(-1) + m['alignment'].charDurationsMs.at(-1)) / 1000;
      assert.ok(lastEnd <= seconds + 0.05 && lastEnd > seconds * 0.5, `alignment ${lastEnd} s within the phrase's ${seconds} s`);
    }
    const c2 = messages.filter((m) => m['contextId'] === 'c2' && m['audio']);
    assert.equal(c2.map((m) => m['alignment'].chars.join('')).join(''), 'A second voice speaks too.');
    ws.send(JSON.stringify({ close_socket: true }));
    await new Promise((r) => ws.once('close', r));
    // Each phrase is a generation, charged as the native stream: ceil(characters / 15) at v-lite's price.
    const history = (await server.request('GET', '/api/v1/tts?limit=20', { key: account.api_key })).body.generations;
    assert.equal(history.length, audio.length + c2.length);
    const charged = history.reduce((sum: number, g: { points_used: number }) => sum + g.points_used, 0);
    assert.equal(await points(server, account.api_key), before - charged);
  });

  test('stream-input (one context): `{"text": ""}` speaks the rest, sends isFinal and closes with 1000', async () => {
    const { ws, messages, closed } = await open(server, `/v1/text-to-speech/${VOICE}/stream-input?model_id=v-lite&output_format=ulaw_8000`, account.api_key);
    ws.send(JSON.stringify({ text: ' ', try_trigger_generation: true, generation_config: { chunk_length_schedule: [50] } }));
    ws.send(JSON.stringify({ text: 'Short and ', try_trigger_generation: true }));
    ws.send(JSON.stringify({ text: 'sweet. ', try_trigger_generation: true }));
    ws.send(JSON.stringify({ text: '' }));
    const end = await closed;
    assert.equal(end.code, 1000);
    assert.equal(messages.at(-1)!['isFinal'], true);
    const audio = messages.filter((m) => m['audio']);
    assert.equal(audio.length, 1);
    assert.equal(audio[0]!['contextId'], undefined, 'no context fields on the single-context socket');
    assert.equal(audio[0]!['alignment'].chars.join(''), 'Short and sweet.');
    const ulaw = Buffer.from(audio[0]!['audio'], 'base64');
    assert.notEqual(ulaw.subarray(0, 4).toString('latin1'), 'RIFF');
    assert.ok(ulaw.length > 8000 * 0.4, `${ulaw.length} bytes of 8 kHz µ-law`);
  });

  test('bad input gets an error frame and close 1008, and charges nothing', async () => {
    const before = await points(server, account.api_key);
    const cases: Array<[string, (ws: WebSocket) => void, string, string?]> = [
      ['malformed JSON', (ws) => ws.send('{"text": '), 'invalid_input_message'],
      ['a binary frame', (ws) => ws.send(Buffer.from([1, 2, 3])), 'invalid_input_message'],
      ['text over the limit', (ws) => ws.send(JSON.stringify({ text: 'a '.repeat(1001), context_id: 'x' })), 'text_too_long'],
      ['text that is not a string', (ws) => ws.send(JSON.stringify({ text: 5, context_id: 'x' })), 'invalid_input_message'],
    ];
    for (const [what, act, code] of cases) {
      const { ws, messages, closed } = await open(server, `/v1/text-to-speech/${VOICE}/multi-stream-input?model_id=v-lite`, account.api_key);
      ws.send(JSON.stringify({ text: 'Some text that is never flushed ', context_id: 'x' }));
      act(ws);
      const end = await closed;
      assert.equal(end.code, 1008, what);
      assert.equal(messages.at(-1)!['error'], code, what);
    }
    const unknown = await open(server, '/v1/text-to-speech/nobody/multi-stream-input', account.api_key);
    assert.equal((await unknown.closed).code, 1008);
    assert.equal(unknown.messages[0]!['error'], 'voice_not_found');
    const idle = await open(server, `/v1/text-to-speech/${VOICE}/stream-input?inactivity_timeout=1`, account.api_key);
    const idleEnd = await idle.closed;
    assert.equal(idleEnd.code, 1008);
    assert.equal(idle.messages[0]!['error'], 'input_timeout_exceeded');
    await assert.rejects(open(server, `/v1/text-to-speech/${VOICE}/stream-input`, null), /upgrade refused: 401/);
    assert.equal(await points(server, account.api_key), before);
  });

  test('a client that leaves mid-stream pays only for what was synthesized; nothing is left reserved', async () => {
    const poorer = await server.createAccount('pro', 10_000);
    const { ws, messages } = await open(server, `/v1/text-to-speech/${VOICE}/multi-stream-input?model_id=v-lite&output_format=pcm_16000`, poorer.api_key);
    const sentences = Array.from({ length: 12 }, (_, i) => `This is sentence number ${i + 1} of a long answer.`).join(' ');
    ws.send(JSON.stringify({ text: `${sentences} `, context_id: 'a', flush: true }));
    await until('the first phrase is heard', async () => messages.some((m) => m['audio']), 30_000);
    ws.terminate();
    await sleep(500);
    const history = (await server.request('GET', '/api/v1/tts?limit=50', { key: poorer.api_key })).body.generations;
    assert.ok(history.length >= 1 && history.length < 13, `${history.length} phrases recorded`);
    const charged = history.reduce((sum: number, g: { points_used: number }) => sum + g.points_used, 0);
    await until('every reservation is settled', async () => (await points(server, poorer.api_key)) === 10_000 - charged, 10_000);
    assert.ok(charged < Math.ceil(sentences.length / 15), 'less than the whole text');
  });
});
