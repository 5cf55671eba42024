import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { runCommand, venvPython } from '../helpers/python.js';
import { type TestServer, startServer } from '../helpers/server.js';

/**
 * The official OpenAI Python client against the real server: test/python/test_openai_client.py,
 * run by pytest from the venv scripts/python-venv.sh makes. Async spawns only: the server under
 * test lives in this process.
 */
describe('OpenAI-compatible speech with the official Python client', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer({ RATE_LIMIT_PER_MINUTE: '10000' });
  });
  after(() => server.close());

  test('pytest test/python/test_openai_client.py passes', async (t) => {
    const python = await venvPython(t, 'python-venv.sh', 'the pinned openai Python client');
    if (python === null) return;
    const account = await server.createAccount('pro', 100_000);
    const poor = await server.createAccount('pro', 1);
    const result = await runCommand(python, ['-m', 'pytest', '-q', '-p', 'no:cacheprovider', 'test/python/test_openai_client.py'], {
      VOICELIB_URL: server.url,
      VOICELIB_KEY: account.api_key,
      VOICELIB_POOR_KEY: poor.api_key,
      PYTHONDONTWRITEBYTECODE: '1',
    });
    assert.equal(result.code, 0, result.out);
    assert.match(result.out, /\d+ passed/);
    assert.doesNotMatch(result.out, /skipped|failed/);
  });
});
