import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, describe, test } from 'node:test';
import { type WyomingServer, startWyoming } from '../../src/wyoming/server.js';
import { encodeEvent } from '../../src/wyoming/protocol.js';
import { runCommand, venvPython } from '../helpers/python.js';
import { type TestServer, points, startServer } from '../helpers/server.js';
import { presetFor } from '../helpers/voices.js';

/** Raw bytes to the server; everything it answers until it closes (or `ms` pass). */
function exchange(port: number, bytes: Buffer, ms = 5000): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let out = '';
    socket.on('data', (d: Buffer) => (out += d.toString('latin1')));
    const done = () => resolve(out);
    socket.on('close', done);
    socket.on('error', done);
    setTimeout(() => socket.destroy(), ms).unref();
    socket.write(bytes);
  });
}

const VOICE = presetFor('en-US').id;

describe("Home Assistant's Wyoming protocol", () => {
  let server: TestServer;
  let wyoming: WyomingServer;
  let key: string;
  before(async () => {
    server = await startServer({ RATE_LIMIT_PER_MINUTE: '10000' });
    key = (await server.createAccount('pro', 100_000)).api_key;
    const config = { ...server.container.config, wyoming: { port: 0, apiKey: key } };
    wyoming = await startWyoming({ ...server.container, config }, '127.0.0.1');
  });
  after(async () => {
    await wyoming.close();
    await server.close();
  });

  test('the wyoming package client: describe, synthesize, streaming synthesize, an unknown voice', async (t) => {
    const python = await venvPython(t, 'wyoming-venv.sh', 'the pinned wyoming package');
    if (python === null) return;
    const before = await points(server, key);
    const result = await runCommand(python, ['test/python/wyoming_client.py'], {
      WYOMING_PORT: String(wyoming.port),
      VOICELIB_VOICE: VOICE,
      PYTHONDONTWRITEBYTECODE: '1',
    });
    assert.equal(result.code, 0, result.out);
    const line = result.out.split('\n').find((l) => l.startsWith('RESULT '));
    assert.ok(line, result.out);
    const r = JSON.parse(line.slice('RESULT '.length));

    assert.equal(r.describe.name, 'voicelib');
    assert.equal(r.describe.streaming, true);
    assert.ok(r.describe.voices > 200, `${r.describe.voices} voices`);
    assert.equal(r.describe.has_voice, true);
    assert.ok(r.describe.languages.includes('en_US') && r.describe.languages.includes('de-DE'));

    // One start, the audio, one stop: Home Assistant's one-shot reader stops at the first audio-stop.
    assert.deepEqual(r.one_shot.types, ['audio-start', 'audio-chunk*', 'audio-stop']);
    assert.deepEqual(r.one_shot.formats, [[24000, 2, 1]]);
    assert.ok(r.one_shot.seconds > 2 && r.one_shot.seconds < 10, `${r.one_shot.seconds} s`);
    assert.deepEqual(r.default_voice.types, ['audio-start', 'audio-chunk*', 'audio-stop'], 'no voice: the default one speaks');

    // Streaming: a start/chunks/stop group per phrase (the first cut at its clause), the compatibility
    // copy ignored (no doubled audio), synthesize-stopped last.
    const s = r.streaming;
    assert.equal(s.types.at(-1), 'synthesize-stopped');
    const groups = s.types.filter((x: string) => x === 'audio-start').length;
    assert.equal(groups, 3, s.types.join(' '));
    assert.deepEqual(s.formats, [[24000, 2, 1]], 'the same format for every phrase');
    assert.ok(s.seconds > 2 && s.seconds < 9, `${s.seconds} s: spoken once`);

    assert.equal(r.unknown_voice.code, 'voice_not_found');
    assert.equal(r.unknown_voice.types.at(-1), 'closed', 'an error ends the connection');

    const history = (await server.request('GET', '/api/v1/tts?limit=50', { key })).body.generations;
    const charged = history.reduce((sum: number, g: { points_used: number }) => sum + g.points_used, 0);
    assert.ok(history.length >= 5, 'each phrase is a generation');
    assert.equal(await points(server, key), before - charged);
  });

  test('malformed input gets an error event and a closed connection, and costs nothing', async () => {
    const before = await points(server, key);
    const bad = await exchange(wyoming.port, Buffer.from('{"type": "synthesize", "data_length": 20}\n{"tex'), 1000);
    assert.equal(bad, '', 'an incomplete event waits for its bytes; nothing is answered');
    const notJson = await exchange(wyoming.port, Buffer.from('this is not json\n'));
    assert.match(notJson, /"type":"error"/);
    assert.match(notJson, /invalid_event/);
    const huge = await exchange(wyoming.port, Buffer.from('{"type":"synthesize","payload_length":99999999}\n'));
    assert.match(huge, /invalid_event/);
    // Split anywhere, with inline data: still one event.
    const event = encodeEvent('describe');
    const answer = await exchange(wyoming.port, event, 3000);
    assert.match(answer, /"type":"info"/);
    assert.equal(await points(server, key), before);
  });
});
