import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type CloneFixture, cloneBody, cloneFixture } from '../helpers/recordings.js';
import type { Account, TestServer } from '../helpers/server.js';
import { presetFor } from '../helpers/voices.js';

describe('voice listing filters: language, accent, gender, age, search', () => {
  let server: TestServer;
  let account: Account;
  let mexican: { id: string };
  let designed: { id: string };
  const list = async (query: string) => {
    const res = await server.request('GET', `/api/v1/voices?${query}`, { key: account.api_key });
    assert.equal(res.status, 200, `${query}: ${res.text}`);
    return res.body as { voices: any[]; total: number; count: number; offset: number; has_more: boolean };
  };
  before(async () => {
    const fixture: CloneFixture = await cloneFixture(presetFor('en-US', 'male').id);
    ({ server, account } = fixture);
    const made = await fixture.clone(account.api_key, { ...cloneBody(fixture.recording), name: 'Lupe', language: 'es-MX' });
    assert.equal(made.status, 200, made.text);
    mexican = made.body;
    const previews = await server.request('POST', '/api/v1/voices/designs/previews', {
      key: account.api_key,
      body: { prompt: 'A calm, low-pitched older man with a warm storytelling voice.', count: 1, preview_text: 'Hello there.' },
    });
    assert.equal(previews.status, 200, previews.text);
    const saved = await server.request('POST', '/api/v1/voices/designs', {
      key: account.api_key,
      body: { preview_id: previews.body.previews[0].preview_id, name: 'Grandpa', tags: ['bedtime', 'Fireside'] },
    });
    assert.equal(saved.status, 200, saved.text);
    designed = saved.body;
  });
  after(() => server.close());

  test('language by code, name and accent code; a bare language takes every accent', async () => {
    const byCode = await list('language=es');
    const byName = await list('language=Spanish');
    assert.deepEqual(byName.voices.map((v) => v.id), byCode.voices.map((v) => v.id));
    const accents = new Set(byCode.voices.filter((v) => v.type === 'preset').map((v) => v.language_code));
    assert.ok(accents.has('es-ES') && accents.has('es-419'), [...accents].join());
    assert.ok(byCode.voices.every((v) => v.type !== 'preset' || v.languages[0] === 'es'));
    assert.equal(byCode.voices[0].id, mexican.id, 'own voices first, the es-MX clone is Spanish');
    assert.equal(byCode.total, byCode.voices.length);

    const mx = await list('language=es-MX');
    assert.deepEqual(mx.voices.map((v) => v.id), [mexican.id], 'an accent code is that accent only');
    const castilian = await list('language=es_es');
    assert.ok(castilian.total > 0 && castilian.voices.every((v) => v.language_code === 'es-ES'));
    const india = await list(`language=${encodeURIComponent('English (India)')}`);
    assert.ok(india.voices.every((v) => v.language_code === 'en-IN'));
  });

  test('accent by name or code, gender and age, combined with type and paging', async () => {
    const castilian = await list('accent=castilian');
    assert.ok(castilian.total > 0);
    assert.ok(castilian.voices.every((v) => v.accent === 'Castilian'));
    assert.deepEqual((await list('accent=es-ES')).voices.map((v) => v.id), castilian.voices.map((v) => v.id));

    const women = await list('gender=female&type=preset');
    assert.ok(women.total > 50 && women.voices.every((v) => v.gender === 'female'));
    const old = await list('age=old&gender=Female&language=en');
    assert.ok(old.total > 0, 'some old English women');
    assert.ok(old.voices.every((v) => v.age === 'old' && v.gender === 'female' && v.languages[0] === 'en'));
    const middle = await list('age=Middle%20Aged');
    assert.ok(middle.total > 0 && middle.voices.every((v) => v.age === 'middle-aged'));

    const page = await list('gender=male&limit=5&offset=3');
    const all = await list('gender=male');
    assert.equal(page.total, all.total, 'total counts the filtered set');
    assert.deepEqual(page.voices.map((v) => v.id), all.voices.slice(3, 8).map((v) => v.id));
    assert.equal(page.has_more, all.total > 8);
    assert.equal((await list('type=clone&language=es')).total, 1);
    assert.equal((await list('type=designed&language=es')).total, 0);
  });

  test('search covers names, descriptions and tags; q stays on id, slug and name', async () => {
    const tagged = await list('search=FIRESIDE');
    assert.deepEqual(tagged.voices.map((v) => v.id), [designed.id]);
    assert.deepEqual(tagged.voices[0].tags, ['bedtime', 'Fireside']);
    assert.equal((await list('q=fireside')).total, 0, 'q does not look at tags');
    const described = await list('search=audiobooks%20steady');
    assert.ok(described.total > 0);
    assert.ok(described.voices.every((v) => /audiobooks/i.test(v.description) && /steady/i.test(v.description)));
    const lupe = await list('search=lupe');
    assert.equal(lupe.voices[0].id, mexican.id);
    assert.ok(lupe.voices.every((v) => /lupe/i.test(`${v.name} ${v.description ?? ''}`)));
    const meditation = await list('search=meditation&type=preset');
    assert.ok(meditation.voices.some((v) => v.category === 'meditation'));
  });

  test('unknown values give an empty list; malformed ones a 400 in the error shape', async () => {
    for (const query of ['language=Klingon', 'language=xx-YY', 'accent=Martian', 'gender=robot', 'age=ancient', 'search=zzqqxx']) {
      const res = await list(query);
      assert.deepEqual([res.total, res.count, res.voices.length, res.has_more], [0, 0, 0, false], query);
    }
    for (const query of [
      'language=',
      'language=en%3Bdrop',
      `language=${'e'.repeat(65)}`,
      'language=en&language=fr',
      'accent=%3Cb%3E',
      'gender=f3male',
      'age=',
      'search=a%00b',
      `search=${'a'.repeat(201)}`,
    ]) {
      const res = await server.request('GET', `/api/v1/voices?${query}`, { key: account.api_key });
      assert.equal(res.status, 400, `${query}: ${res.text}`);
      assert.equal(res.body.error.code, 'bad_request');
      // NUL anywhere in a URL is refused before routing (docs/reliability.md, fuzzing).
      const expected = query.includes('%00') ? /NUL characters/ : /^(language|accent|gender|age|search) must be /;
      assert.match(res.body.error.message, expected);
      assert.deepEqual(Object.keys(res.body), ['error']);
    }
  });

  test('the OpenAPI document describes the filters', async () => {
    const doc = await server.request('GET', '/api/v1/openapi.json');
    const params = doc.body.paths['/api/v1/voices'].get.parameters.map((p: any) => p.name);
    for (const name of ['language', 'accent', 'gender', 'age', 'search', 'q', 'type']) assert.ok(params.includes(name), name);
  });
});
