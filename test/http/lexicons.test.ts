import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { XMLParser } from 'fast-xml-parser';
import { type Account, type TestServer, startServer } from '../helpers/server.js';

/**
 * Pronunciation lexicons through the real server: CRUD, workspace sharing, isolation between
 * accounts (a foreign id is 404, exactly like a missing one), the W3C PLS round trip, and refused
 * input (each a 4xx in the error shape, nothing stored). Speech with lexicons: lexicon-speech.test.ts.
 */

const PLS_TYPE = 'application/pls+xml';

/** As the API answers an entry: the case rule always written out. */
const full = (entry: object) => ({ case_sensitive: false, ...entry });

const ENTRIES = [
  { text: 'W3C', alias: 'World Wide Web Consortium' },
  { text: 'tomato', ipa: 'təmˈɑːtoʊ' },
  { text: 'NASA', alias: 'nasa space agency', case_sensitive: true },
  { text: 'New York', ipa: 'nˈuː jˈɔːɹk' },
  { text: 'AT&T <x>', alias: 'A T and T' },
];

describe('/api/v1/lexicons', () => {
  let server: TestServer;
  let account: Account;
  before(async () => {
    server = await startServer({ RATE_LIMIT_PER_MINUTE: '10000' });
    account = await server.createAccount('pro', 1000);
  });
  after(() => server.close());

  const create = (key: string, body: unknown) => server.request('POST', '/api/v1/lexicons', { key, body });
  const list = async (key: string) => (await server.request('GET', '/api/v1/lexicons', { key })).body.lexicons as Array<{ lexicon_id: string }>;

  test('create, list, get, replace and delete', async () => {
    const created = await create(account.api_key, { name: 'Brand names', language: 'en-US', entries: ENTRIES });
    assert.equal(created.status, 201, created.text);
    const id = created.body.lexicon_id as string;
    assert.match(id, /^lex_/);
    assert.deepEqual(created.body.entries, ENTRIES.map(full));
    assert.equal(created.body.workspace_id, null);
    assert.equal(created.body.owner_account_id, account.account_id);

    const listed = await server.request('GET', '/api/v1/lexicons', { key: account.api_key });
    const summary = listed.body.lexicons.find((l: { lexicon_id: string }) => l.lexicon_id === id);
    assert.equal(summary.entry_count, ENTRIES.length);
    assert.equal(summary.name, 'Brand names');
    assert.equal(summary.entries, undefined, 'the list carries counts, not entries');

    const got = await server.request('GET', `/api/v1/lexicons/${id}`, { key: account.api_key });
    assert.equal(got.status, 200);
    assert.deepEqual(got.body, created.body);

    const replaced = await server.request('PUT', `/api/v1/lexicons/${id}`, {
      key: account.api_key,
      body: { name: 'Renamed', entries: [{ text: 'gif', ipa: 'ɡɪf' }] },
    });
    assert.equal(replaced.status, 200, replaced.text);
    assert.equal(replaced.body.name, 'Renamed');
    assert.equal(replaced.body.language, 'en');
    assert.deepEqual(replaced.body.entries, [full({ text: 'gif', ipa: 'ɡɪf' })]);
    assert.equal(replaced.body.created_at, created.body.created_at);
    assert.deepEqual((await server.request('GET', `/api/v1/lexicons/${id}`, { key: account.api_key })).body, replaced.body);

    const deleted = await server.request('DELETE', `/api/v1/lexicons/${id}`, { key: account.api_key });
    assert.deepEqual(deleted.body, { ok: true, id, deleted: true });
    const gone = await server.request('GET', `/api/v1/lexicons/${id}`, { key: account.api_key });
    assert.equal(gone.status, 404);
    assert.equal(gone.body.error.code, 'not_found');
    assert.ok(!(await list(account.api_key)).some((l) => l.lexicon_id === id));
  });

  test("another account's lexicon is 404 everywhere, exactly like a missing one", async () => {
    const mine = await create(account.api_key, { name: 'Private', entries: [{ text: 'Zoë', alias: 'Zoey' }] });
    const stranger = await server.createAccount('pro', 1000);
    const id = mine.body.lexicon_id as string;
    assert.deepEqual(await list(stranger.api_key), []);
    for (const [method, body] of [['GET', undefined], ['PUT', { name: 'x', entries: [] }], ['DELETE', undefined]] as const) {
      const foreign = await server.request(method, `/api/v1/lexicons/${id}`, { key: stranger.api_key, ...(body ? { body } : {}) });
      const missing = await server.request(method, '/api/v1/lexicons/lex_doesnotexist', { key: stranger.api_key, ...(body ? { body } : {}) });
      assert.equal(foreign.status, 404, `${method}: ${foreign.text}`);
      assert.equal(foreign.body.error.message.replace(id, 'ID'), missing.body.error.message.replace('lex_doesnotexist', 'ID'));
    }
    const tts = await server.request('POST', '/api/v1/tts', { key: stranger.api_key, body: { text: 'Zoë', voice: 'x', lexicon_ids: [id] } });
    assert.ok(tts.status === 404 || tts.status === 422, tts.text);
    const after = await server.request('GET', `/api/v1/lexicons/${id}`, { key: account.api_key });
    assert.deepEqual(after.body.entries, [full({ text: 'Zoë', alias: 'Zoey' })], 'nothing the stranger sent changed it');
  });

  test('workspace members read and use shared lexicons; only the creator or owner changes them', async () => {
    const owner = await server.createAccount('pro', 1000);
    const member = await server.createAccount('pro', 1000);
    const other = await server.createAccount('pro', 1000);
    const ws = await server.admin('POST', '/workspaces', { owner_account_id: owner.account_id, name: 'Team' });
    await server.admin('POST', `/workspaces/${ws.body.workspace_id}/members`, { account_id: member.account_id });
    await server.admin('POST', `/workspaces/${ws.body.workspace_id}/members`, { account_id: other.account_id });

    const byMember = await create(member.api_key, { name: 'Team words', entries: [{ text: 'voicelib', alias: 'voice lib' }] });
    assert.equal(byMember.body.workspace_id, ws.body.workspace_id);
    const id = byMember.body.lexicon_id as string;
    for (const key of [owner.api_key, other.api_key]) {
      assert.ok((await list(key)).some((l) => l.lexicon_id === id));
      assert.equal((await server.request('GET', `/api/v1/lexicons/${id}`, { key })).status, 200);
    }
    const byOther = await server.request('PUT', `/api/v1/lexicons/${id}`, { key: other.api_key, body: { name: 'x', entries: [] } });
    assert.equal(byOther.status, 403, byOther.text);
    assert.equal(byOther.body.error.code, 'forbidden');
    const byOwner = await server.request('PUT', `/api/v1/lexicons/${id}`, {
      key: owner.api_key,
      body: { name: 'Team words', entries: [{ text: 'voicelib', alias: 'voice library' }] },
    });
    assert.equal(byOwner.status, 200, byOwner.text);
    assert.equal((await server.request('DELETE', `/api/v1/lexicons/${id}`, { key: other.api_key })).status, 403);
    assert.equal((await server.request('DELETE', `/api/v1/lexicons/${id}`, { key: member.api_key })).status, 200);
    // Outside the workspace nothing is seen.
    assert.deepEqual(await list(account.api_key).then((l) => l.filter((x) => x.lexicon_id === id)), []);
  });

  test('PLS import → export → import gives the same lexicon', async () => {
    const pls = `<?xml version="1.0" encoding="UTF-8"?>
<lexicon version="1.0" xmlns="http://www.w3.org/2005/01/pronunciation-lexicon" alphabet="ipa" xml:lang="en-GB">
  <lexeme><grapheme>W3C</grapheme><alias>World Wide Web Consortium</alias></lexeme>
  <lexeme><grapheme>tomato</grapheme><grapheme>tomatoe</grapheme><phoneme>təmˈɑːtəʊ</phoneme></lexeme>
  <lexeme><grapheme>AT&amp;T</grapheme><alias>A T &amp; T</alias></lexeme>
  <lexeme><grapheme>read</grapheme><phoneme alphabet="ipa">ɹˈɛd</phoneme><phoneme prefer="true">ɹˈiːd</phoneme></lexeme>
</lexicon>`;
    const first = await server.request('POST', '/api/v1/lexicons?name=Imported', { key: account.api_key, raw: pls, headers: { 'content-type': PLS_TYPE } });
    assert.equal(first.status, 201, first.text);
    assert.equal(first.body.language, 'en-GB');
    assert.deepEqual(first.body.entries, [
      { text: 'W3C', alias: 'World Wide Web Consortium' },
      { text: 'tomato', ipa: 'təmˈɑːtəʊ' },
      { text: 'tomatoe', ipa: 'təmˈɑːtəʊ' },
      { text: 'AT&T', alias: 'A T & T' },
      { text: 'read', ipa: 'ɹˈiːd' },
    ].map(full));
    // Case rules and names survive too (voicelib's own attributes).
    await server.request('PUT', `/api/v1/lexicons/${first.body.lexicon_id}`, {
      key: account.api_key,
      body: { name: 'Imported', language: 'en-GB', entries: [...first.body.entries, { text: 'NASA', alias: 'nasa', case_sensitive: true }] },
    });
    const exported = await server.request('GET', `/api/v1/lexicons/${first.body.lexicon_id}?format=pls`, { key: account.api_key });
    assert.equal(exported.status, 200);
    assert.match(exported.headers.get('content-type') ?? '', /^application\/pls\+xml/);
    const parsed = new XMLParser({ ignoreAttributes: false }).parse(exported.text);
    assert.equal(parsed.lexicon['@_xmlns'], 'http://www.w3.org/2005/01/pronunciation-lexicon');
    assert.equal(parsed.lexicon['@_alphabet'], 'ipa');
    assert.equal(parsed.lexicon.lexeme.length, 6);

    const second = await server.request('POST', '/api/v1/lexicons', { key: account.api_key, raw: exported.text, headers: { 'content-type': PLS_TYPE } });
    assert.equal(second.status, 201, second.text);
    const original = (await server.request('GET', `/api/v1/lexicons/${first.body.lexicon_id}`, { key: account.api_key })).body;
    assert.equal(second.body.name, 'Imported');
    assert.equal(second.body.language, original.language);
    assert.deepEqual(second.body.entries, original.entries);
  });

  test('refused input: each a 4xx in the error shape, nothing stored', async () => {
    const fresh = await server.createAccount('pro', 1000);
    const key = fresh.api_key;
    const pls = (body: string) => server.request('POST', '/api/v1/lexicons', { key, raw: body, headers: { 'content-type': PLS_TYPE } });
    const head = '<lexicon version="1.0" xmlns="http://www.w3.org/2005/01/pronunciation-lexicon" alphabet="ipa" xml:lang="en">';
    const tooMany = Array.from({ length: 501 }, (_, i) => ({ text: `word${i}`, alias: 'x' }));
    const cases: Array<[string, Promise<Awaited<ReturnType<typeof pls>>>, number, RegExp]> = [
      ['malformed XML', pls(`${head}<lexeme><grapheme>a</lexeme></lexicon>`), 400, /Malformed PLS XML at line 1/],
      ['not a lexicon', pls('<speak>hi</speak>'), 422, /root element must be <lexicon>/],
      [
        'external entity',
        pls(`<!DOCTYPE lexicon [<!ENTITY x SYSTEM "file:///etc/passwd">]>${head}<lexeme><grapheme>a</grapheme><alias>&x;</alias></lexeme></lexicon>`),
        400,
        /External entities are not supported/,
      ],
      ['other alphabet', pls(`${head.replace('"ipa"', '"x-sampa"')}<lexeme><grapheme>a</grapheme><phoneme>{</phoneme></lexeme></lexicon>`), 422, /only "ipa"/],
      ['lexeme without reading', pls(`${head}<lexeme><grapheme>a</grapheme></lexeme></lexicon>`), 422, /neither <phoneme> nor <alias>/],
      ['unknown IPA in PLS', pls(`${head}<lexeme><grapheme>a</grapheme><phoneme>a7</phoneme></lexeme></lexicon>`), 422, /"7" \(U\+0037\)/],
      ['unknown IPA', create(key, { name: 'x', entries: [{ text: 'a', ipa: 'hɛlo☃' }] }), 422, /no engine can say: "☃" \(U\+2603\)/],
      ['both alias and ipa', create(key, { name: 'x', entries: [{ text: 'a', alias: 'b', ipa: 'a' }] }), 422, /exactly one of alias and ipa/],
      ['neither', create(key, { name: 'x', entries: [{ text: 'a' }] }), 422, /exactly one of alias and ipa/],
      ['duplicate', create(key, { name: 'x', entries: [{ text: 'Word', alias: 'a' }, { text: 'word', alias: 'b' }] }), 422, /already an entry/],
      ['too many entries', create(key, { name: 'x', entries: tooMany }), 422, /at most 500/],
      ['bad language', create(key, { name: 'x', language: 'english!', entries: [] }), 422, /BCP-47/],
      ['wrong media type', server.request('POST', '/api/v1/lexicons', { key, raw: 'x', headers: { 'content-type': 'text/plain' } }), 415, /./],
    ];
    for (const [what, pending, status, message] of cases) {
      const res = await pending;
      assert.ok(res.status >= 400 && res.status < 500, `${what}: ${res.status} ${res.text}`);
      assert.equal(res.status, status, `${what}: ${res.text}`);
      assert.equal(typeof res.body.error?.code, 'string', `${what}: ${res.text}`);
      assert.match(res.body.error.message, message, what);
    }
    assert.deepEqual(await list(key), [], 'nothing was stored');
  });
});
