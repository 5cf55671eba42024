import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { STUDIO_DIR } from '../../src/http/routes/studio.js';
import { type TestServer, startServer } from '../helpers/server.js';

describe('Voicelib Studio is served by the service itself', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer();
  });
  after(() => server.close());

  test('/ is the app; its modules and stylesheet come from the same server', async () => {
    const index = await server.request('GET', '/');
    assert.equal(index.status, 200);
    assert.match(index.headers.get('content-type') ?? '', /^text\/html/);
    assert.match(index.text, /<script type="module" src="\/main.js">/);
    const files = fs.readdirSync(STUDIO_DIR);
    assert.ok(files.includes('main.js') && files.includes('styles.css'), files.join());
    for (const file of files) {
      const res = await server.request('GET', `/${file}`);
      assert.equal(res.status, 200, file);
      // No CDN: nothing in the app names another origin (the text of a few hints aside, no URL at all).
      assert.doesNotMatch(res.text, /https?:\/\/|\/\/cdn|@import/i, `${file} loads nothing from elsewhere`);
      const imports = [...res.text.matchAll(/from '\.\/([^']+)'/g)].map((m) => m[1]);
      for (const name of imports) assert.ok(files.includes(name!), `${file} imports ${name}, which is served`);
    }
    assert.ok(!files.some((f) => f.endsWith('.ts') || f.endsWith('.map')), 'no sources or maps shipped');
  });

  test('the API, docs and unknown paths keep their answers', async () => {
    for (const p of ['/api/nothing', '/api/v1/nothing', '/nothing.js', '/studio/index.html']) {
      const res = await server.request('GET', p);
      assert.equal(res.status, 404, p);
      assert.equal(res.body.error.code, 'not_found', p);
    }
    assert.equal((await server.request('GET', '/docs/')).status, 200);
    assert.equal((await server.request('GET', '/api/v1/me')).status, 401);
    assert.equal((await server.request('GET', '/api/v1/openapi.json')).status, 200);
    const doc = (await server.request('GET', '/api/v1/openapi.json')).body;
    assert.ok(!Object.keys(doc.paths).some((p: string) => p === '/' || p.endsWith('.js')), 'static files stay out of the API document');
  });
});
