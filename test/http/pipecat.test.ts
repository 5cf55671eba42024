import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { runCommand, venvPython } from '../helpers/python.js';
import { type TestServer, startServer } from '../helpers/server.js';
import { presetFor } from '../helpers/voices.js';

/**
 * An agent framework end to end: Pipecat (pinned in scripts/pipecat-requirements.txt) runs a pipeline
 * whose ElevenLabs TTS service points at the test server's multi-stream-input WebSocket
 * (test/python/pipecat_pipeline.py), over loopback only.
 */
describe('Pipecat drives a pipeline through the ElevenLabs-compatible WebSocket', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer({ RATE_LIMIT_PER_MINUTE: '10000' });
  });
  after(() => server.close());

  test('two turns come back as audio frames, and the words Pipecat makes from the alignment are the text', async (t) => {
    const python = await venvPython(t, 'pipecat-venv.sh', 'the pinned Pipecat');
    if (python === null) return;
    const account = await server.createAccount('pro', 100_000);
    const result = await runCommand(python, ['test/python/pipecat_pipeline.py'], {
      VOICELIB_URL: server.url,
      VOICELIB_KEY: account.api_key,
      VOICELIB_VOICE: presetFor('en-US').id,
      PYTHONDONTWRITEBYTECODE: '1',
    });
    assert.equal(result.code, 0, result.out);
    const line = result.out.split('\n').find((l) => l.startsWith('RESULT '));
    assert.ok(line, result.out.slice(-3000));
    const { turns, errors } = JSON.parse(line.slice('RESULT '.length)) as { turns: Array<{ seconds: number; words: string[] }>; errors: string[] };
    assert.deepEqual(errors, []);
    assert.doesNotMatch(result.out, /Dropping word/, 'every aligned word matched the text Pipecat sent');
    assert.equal(turns.length, 2, JSON.stringify(turns));
    assert.equal(turns[0]!.words.join(' '), 'Hello from a Pipecat pipeline. It speaks through voicelib.');
    assert.equal(turns[1]!.words.join(' '), 'A second turn, with a comma, follows.');
    for (const turn of turns) assert.ok(turn.seconds > 1.5 && turn.seconds < 10, `${turn.seconds} s of audio`);
    const history = (await server.request('GET', '/api/v1/tts?limit=20', { key: account.api_key })).body.generations;
    assert.ok(history.length >= 3, 'each phrase is a recorded generation');
  });
});
