import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { README } from '../helpers/readme.js';
import { type TestServer, startServer } from '../helpers/server.js';

/** Every number `pattern` finds in the README (it must find at least one). */
function stated(pattern: RegExp): number[] {
  const found = [...README.matchAll(new RegExp(pattern.source, 'g'))].map((m) => Number(m[1]));
  assert.ok(found.length > 0, `README.md no longer says ${pattern}: update this test with it`);
  return found;
}

/** The README's counts of languages, accents and experimental languages are what the server lists. */
describe('README language counts', () => {
  let server: TestServer;
  let languages: Array<{ code: string; experimental: boolean; accents: unknown[] }>;
  before(async () => {
    server = await startServer();
    const account = await server.createAccount('pro', 10);
    const res = await server.request('GET', '/api/v1/voices/languages', { key: account.api_key });
    assert.equal(res.status, 200, res.text);
    languages = res.body.languages;
  });
  after(() => server.close());

  test('"lists N languages" and the jq example\'s comment equal GET /api/v1/voices/languages', () => {
    const counts = [...stated(/lists (\d+) languages/), ...stated(/jq '\.languages \| length'\s+# (\d+)/)];
    assert.deepEqual(counts, counts.map(() => languages.length));
  });

  test('the languages besides `auto`, the accents and the experimental ones', () => {
    assert.deepEqual(stated(/\((\d+) plus\s+`auto`/), [languages.filter((l) => l.code !== 'auto').length]);
    assert.deepEqual(stated(/(\d+) accents/), [languages.reduce((sum, l) => sum + l.accents.length, 0)]);
    assert.deepEqual(stated(/(\d+) of them marked `experimental`/), [languages.filter((l) => l.experimental).length]);
  });
});
