import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { normalizeDocument } from '../../src/openapi-document.js';
import { ROOT } from '../helpers/process.js';
import { type TestServer, startServer } from '../helpers/server.js';

const CLIENTS = path.join(ROOT, 'clients');

function check(dir: string) {
  return spawnSync(process.execPath, [path.join(ROOT, 'scripts/clients-generate.mjs'), '--check', '--dir', dir], {
    encoding: 'utf8',
  });
}

describe('generated clients', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer();
  });
  after(() => server.close());

  test('clients/openapi.json and the TypeScript types match a fresh generation', () => {
    const result = check(CLIENTS);
    assert.equal(result.status, 0, `${result.stderr}\nRun \`npm run clients:generate\` and commit clients/.`);
  });

  test('the check fails when the committed document differs from the served one', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'voicelib-clients-'));
    try {
      fs.mkdirSync(path.join(dir, 'typescript/src'), { recursive: true });
      fs.copyFileSync(path.join(CLIENTS, 'typescript/src/schema.ts'), path.join(dir, 'typescript/src/schema.ts'));
      const document = JSON.parse(fs.readFileSync(path.join(CLIENTS, 'openapi.json'), 'utf8'));
      delete document.paths['/api/v1/ping'];
      fs.writeFileSync(path.join(dir, 'openapi.json'), `${JSON.stringify(document, null, 2)}\n`);
      const result = check(dir);
      assert.equal(result.status, 1);
      assert.match(result.stderr, /stale: .*openapi\.json/);
      assert.doesNotMatch(result.stderr, /schema\.ts/);
      assert.match(result.stderr, /npm run clients:generate/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a running server serves the committed document (only the server address differs)', async () => {
    const served = (await server.request('GET', '/api/v1/openapi.json')).body;
    const committed = JSON.parse(fs.readFileSync(path.join(CLIENTS, 'openapi.json'), 'utf8'));
    assert.deepEqual(normalizeDocument(served), committed);
  });
});
