import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { type Account, type TestServer, startServer } from '../helpers/server.js';
import { presetFor } from '../helpers/voices.js';

const VOICE = presetFor('en-US');

/**
 * A generation's job spools its audio while it is encoded (docs/reliability.md, F14). When the
 * encoding fails, nothing of it stays: no spool file, no record, no points taken. The failure is
 * real: ffmpeg (FLAC, OGG_OPUS) points at a program that does not exist.
 */
describe('a failed generation leaves no spool file', () => {
  let server: TestServer;
  let account: Account;
  before(async () => {
    server = await startServer({ FFMPEG_PATH: '/nonexistent/ffmpeg' });
    account = await server.createAccount('pro', 1_000);
  });
  after(() => server.close());

  test('FLAC (encoded at the end) and OGG_OPUS (encoded as it comes) fail cleanly; WAV still works', async () => {
    const spool = path.join(server.dataDir, 'spool');
    const files = () => (fs.existsSync(spool) ? fs.readdirSync(spool) : []);
    // The server runs in this process: none of its descriptors may stay open on a spool file.
    const openSpoolFiles = () =>
      fs.existsSync('/proc/self/fd')
        ? fs
            .readdirSync('/proc/self/fd')
            .map((fd) => {
              try {
                return fs.readlinkSync(`/proc/self/fd/${fd}`);
              } catch {
                return '';
              }
            })
            .filter((target) => target.startsWith(spool))
        : [];
    const balance = async () => (await server.request('GET', '/api/v1/ping', { key: account.api_key })).body.points;
    const start = await balance();
    for (const format of ['FLAC', 'OGG_OPUS']) {
      const res = await server.request('POST', '/api/v1/tts', {
        key: account.api_key,
        body: { text: 'A sentence that cannot be encoded. And a second one.', voice: VOICE.id, format },
      });
      assert.ok(res.status >= 500, `${format}: ${res.status} ${res.text.slice(0, 200)}`);
      assert.equal(typeof res.body.error?.code, 'string');
      assert.deepEqual(files(), [], `${format}: no spool file left`);
      assert.deepEqual(openSpoolFiles(), [], `${format}: no spool file left open`);
      assert.equal(await balance(), start, `${format}: nothing charged`);
    }
    const history = await server.request('GET', '/api/v1/tts', { key: account.api_key });
    assert.equal(history.body.generations.length, 0, 'no record');
    const ok = await server.request('POST', '/api/v1/tts', {
      key: account.api_key,
      body: { text: 'This one needs no ffmpeg.', voice: VOICE.id, format: 'WAV' },
    });
    assert.equal(ok.status, 200, ok.text);
  });
});
