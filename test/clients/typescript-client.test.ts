import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Voicelib, VoicelibError, decodeAudio } from '../../clients/typescript/src/index.js';
import { type Account, type TestServer, startServer } from '../helpers/server.js';
import { presetFor } from '../helpers/voices.js';
import { CLONE_SCRIPT } from '../helpers/recordings.js';

const VOICE = presetFor('en-US');

/** The code a rejected promise carries, or a failure when it did not reject with a VoicelibError. */
async function codeOf(call: Promise<unknown>): Promise<{ code: string; status: number; requestId: string | null }> {
  try {
    await call;
  } catch (err) {
    assert.ok(err instanceof VoicelibError, `expected a VoicelibError, got ${String(err)}`);
    return { code: err.code, status: err.status, requestId: err.requestId };
  }
  assert.fail('the call succeeded');
}

describe('TypeScript client (@voicelib/client) against the real server', () => {
  let server: TestServer;
  let account: Account;
  let vl: Voicelib;
  let paths: Record<string, Record<string, unknown> | undefined>;
  before(async () => {
    server = await startServer({ RATE_LIMIT_PER_MINUTE: '10000', RATE_LIMIT_VOICE_PER_HOUR: '10000' });
    account = await server.createAccount('pro', 100_000);
    vl = new Voicelib({ baseUrl: server.url, apiKey: account.api_key });
    paths = (await server.request('GET', '/api/v1/openapi.json')).body.paths;
  });
  after(() => server.close());

  test('account, models and languages', async () => {
    assert.equal((await vl.ping()).points, 100_000);
    const me = await vl.me();
    assert.equal(me.account_id, account.account_id);
    assert.equal(me.plan.name, 'pro');
    const models = await vl.models();
    assert.ok(models.models.some((m) => m.key === models.default));
    const languages = await vl.languages();
    assert.ok(languages.languages.length > 500, `${languages.languages.length} languages`);
  });

  test('a wrong key and a missing voice throw VoicelibError with the API code', async () => {
    const stranger = new Voicelib({ baseUrl: server.url, apiKey: 'vl_not_a_real_key' });
    assert.equal((await codeOf(stranger.ping())).status, 401);
    const missing = await codeOf(vl.tts.create({ text: 'Hello', voice: 'voice_does_not_exist' }));
    assert.deepEqual([missing.status, missing.code], [404, 'voice_not_found']);
    assert.match(missing.requestId ?? '', /^req_/);
  });

  test('tts: create, get, audio (whole and a range), captions, delete', async () => {
    const created = await vl.tts.create({ text: 'The client speaks. Then it reads the captions.', voice: VOICE.id, model: 'v-lite', format: 'WAV' });
    assert.equal(created.engine, 'espeak-ng');
    const inline = decodeAudio(created.audio_base64);
    assert.equal(Buffer.from(inline.subarray(0, 4)).toString('latin1'), 'RIFF');

    let record = await vl.tts.get(created.id);
    for (let i = 0; record.status === 'pending' && i < 200; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      record = await vl.tts.get(created.id);
    }
    assert.equal(record.status, 'ready');
    assert.deepEqual(await vl.tts.audio(created.id), inline);
    assert.deepEqual(await vl.tts.audio(created.id, { range: 'bytes=0-99' }), inline.subarray(0, 100));

    const srt = await vl.tts.captions(created.id, { mode: 'word' });
    assert.match(srt, /^1\n00:00:00,\d{3} --> /);
    const json = await vl.tts.captionsJson(created.id);
    assert.ok(json.words.some((w) => w.word.toLowerCase().startsWith('captions')));

    assert.deepEqual(await vl.tts.delete(created.id), { ok: true, id: created.id, deleted: true });
    assert.equal((await codeOf(vl.tts.get(created.id))).code, 'not_found');
  });

  test('voices: list, get by name, clone from file bytes, delete', async () => {
    const page = await vl.voices.list({ limit: 3 });
    assert.equal(page.voices.length, 3);
    const preset = await vl.voices.get(VOICE.slug);
    assert.equal(preset.id, VOICE.id);
    const byName = await vl.voices.get(preset.name.toUpperCase());
    assert.equal(byName.id, VOICE.id);
    assert.equal((await codeOf(vl.voices.get('no such voice at all'))).code, 'voice_not_found');

    const recording = await vl.tts.create({ text: CLONE_SCRIPT, voice: VOICE.id, model: 'v-lite', format: 'WAV', sample_rate: 22050 });
    const clone = await vl.voices.clone({ name: 'Client clone', language: 'en-US', audio: decodeAudio(recording.audio_base64) });
    assert.equal(clone.type, 'clone');
    assert.equal((await vl.voices.get('client clone')).id, clone.id);
    assert.equal((await vl.voices.clones()).used, 1);
    await vl.voices.deleteClone(clone.id);
    assert.equal((await vl.voices.clones()).used, 0);
  });

  test('voices: design previews, save, delete', async () => {
    const previews = await vl.voices.designPreviews({
      prompt: 'A calm, warm female narrator with a clear American accent',
      count: 1,
      preview_text: 'A short line to hear the voice.',
    });
    assert.equal(previews.previews.length, 1);
    assert.ok(previews.points_used > 0);
    const saved = await vl.voices.saveDesign({ preview_id: previews.previews[0]!.preview_id, name: 'Client design' });
    assert.equal(saved.type, 'designed');
    assert.equal((await vl.voices.designs()).used, 1);
    await vl.voices.deleteDesign(saved.id);
    assert.equal((await vl.voices.designs()).used, 0);
  });

  test('tts.stream yields the audio as byte chunks', async () => {
    assert.ok(paths['/api/v1/tts/stream'], 'the served OpenAPI document lists POST /api/v1/tts/stream');
    const stream = await vl.tts.stream({ text: 'Streaming from the client.', voice: VOICE.id, model: 'v-lite', format: 'WAV' });
    assert.match(stream.generationId ?? '', /^gen_/);
    const chunks: Uint8Array[] = [];
    for await (const chunk of stream) chunks.push(chunk);
    const bytes = Buffer.concat(chunks);
    assert.equal(bytes.subarray(0, 4).toString('latin1'), 'RIFF');
    assert.ok(bytes.length > 10_000, `${bytes.length} bytes`);
    const refused = await codeOf(vl.tts.stream({ text: 'x', voice: 'voice_does_not_exist' }));
    assert.equal(refused.code, 'voice_not_found');
  });

  test('lexicons: create, list, get, update, PLS export and import, delete', async () => {
    const entries = [
      { text: 'W3C', alias: 'World Wide Web Consortium' },
      { text: 'tomato', ipa: 'təmˈɑːtoʊ', case_sensitive: true },
    ];
    const created = await vl.lexicons.create({ name: 'Client lexicon', language: 'en-US', entries });
    assert.match(created.lexicon_id, /^lex_/);
    assert.deepEqual(created.entries, [{ ...entries[0], case_sensitive: false }, entries[1]]);
    const listed = await vl.lexicons.list();
    assert.equal(listed.find((l) => l.lexicon_id === created.lexicon_id)?.entry_count, 2);
    assert.deepEqual(await vl.lexicons.get(created.lexicon_id), created);

    const updated = await vl.lexicons.update(created.lexicon_id, { name: 'Renamed', entries: [{ text: 'gif', ipa: 'ɡɪf' }] });
    assert.equal(updated.name, 'Renamed');
    assert.deepEqual(updated.entries, [{ text: 'gif', ipa: 'ɡɪf', case_sensitive: false }]);

    const pls = await vl.lexicons.exportPls(created.lexicon_id);
    assert.match(pls, /^<\?xml/);
    assert.match(pls, /<grapheme>gif<\/grapheme>/);
    const imported = await vl.lexicons.importPls(pls, { name: 'Imported' });
    assert.notEqual(imported.lexicon_id, created.lexicon_id);
    assert.equal(imported.name, 'Imported');
    assert.deepEqual(imported.entries, updated.entries);
    const replaced = await vl.lexicons.replaceFromPls(created.lexicon_id, pls.replace('gif', 'jif'));
    assert.equal(replaced.entries[0]?.text, 'jif');

    const malformed = await codeOf(vl.lexicons.importPls('<lexicon><lexeme>'));
    assert.equal(malformed.status, 400);
    for (const id of [created.lexicon_id, imported.lexicon_id]) {
      assert.deepEqual(await vl.lexicons.delete(id), { ok: true, id, deleted: true });
    }
    assert.equal((await codeOf(vl.lexicons.get(created.lexicon_id))).code, 'not_found');
    assert.equal((await codeOf(vl.lexicons.exportPls(created.lexicon_id))).code, 'not_found');
  });

  test('tts.history pages through generations newest first', async () => {
    assert.ok(paths['/api/v1/tts']?.['get'], 'the served OpenAPI document lists GET /api/v1/tts');
    const ids: string[] = [];
    for (const text of ['First for history.', 'Second for history.', 'Third for history.']) {
      ids.push((await vl.tts.create({ text, voice: VOICE.id, model: 'v-lite', format: 'WAV' })).id);
    }
    const page = await vl.tts.list({ limit: 2, model: 'v-lite' });
    assert.equal(page.generations.length, 2);
    assert.equal(page.has_more, true);
    const seen: string[] = [];
    for await (const generation of vl.tts.history({ limit: 2, model: 'v-lite' })) seen.push(generation.id);
    const ours = seen.filter((id) => ids.includes(id));
    assert.deepEqual(ours, [...ids].reverse());
  });
});
