import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { SpeechEngine } from '../../src/speech/engine.js';
import { createEspeakEngine } from '../../src/speech/engines/espeak-ng/index.js';
import { parseDescription } from '../../src/voices/design/design.js';
import { designCandidates } from '../../src/voices/design/design-candidates.js';
import { parseBlend } from '../../src/speech/engines/kokoro/blend.js';
import { predictedEmbedding } from '../../src/speech/engines/kokoro/speaker-embeddings.js';
import { traitsAreDistinct } from '../../src/speech/voice-identity.js';
import { measureTraits } from '../../src/audio/analysis/voice/measure.js';
import { renderIdentity } from '../../src/voices/render-identity.js';

const NARRATOR = 'A deep, calm older male narrator with a British accent';
const YOUNG_WOMAN = 'A bright, energetic young woman who speaks fast';

describe('parseDescription', () => {
  test('a deep, calm older male narrator with a British accent', () => {
    const spec = parseDescription(NARRATOR);
    assert.equal(spec.gender, 'male');
    assert.equal(spec.age, 'old');
    assert.equal(spec.language, 'en-GB');
    assert.equal(spec.accent, 'British');
    assert.equal(spec.pitch, 'low');
    assert.ok(spec.tones.includes('calm'), spec.tones.join());
    assert.deepEqual(spec.understood, ['deep', 'calm', 'older', 'male', 'narrator', 'british']);
  });

  test('a bright, energetic young woman who speaks fast', () => {
    const spec = parseDescription(YOUNG_WOMAN);
    assert.equal(spec.gender, 'female');
    assert.equal(spec.age, 'young');
    assert.equal(spec.pace, 'fast');
    assert.equal(spec.language, 'en-US');
    assert.deepEqual(spec.tones, ['bright', 'energetic']);
  });

  test('accents and languages become BCP-47 tags; the language hint wins over another language', () => {
    const cases: Array<[prompt: string, hint: string | undefined, language: string, accent: string | null]> = [
      ['A gruff Scottish fisherman', undefined, 'en-GB', 'Scottish'],
      ['A cheerful Australian surfer dude', undefined, 'en-AU', 'British'],
      ['A soft-spoken Irish grandmother', undefined, 'en-IE', 'British'],
      ['A Mexican radio host with lots of energy', undefined, 'es-MX', 'Latin American'],
      ['A Mexican radio host with lots of energy', 'es', 'es-MX', 'Latin American'],
      ['A calm French woman reading poetry', undefined, 'fr-FR', 'Parisian'],
      ['A German engineer explaining a machine', undefined, 'de-DE', null],
      ['A Brazilian football commentator', undefined, 'pt-BR', null],
      ['A warm storyteller from New York', undefined, 'en-US', 'New York'],
      ['A warm storyteller with a British accent', 'en', 'en-GB', 'British'],
      ['A British man', 'es', 'es', null],
      ['An energetic presenter', undefined, 'en-US', null],
      ['A narrator with a Swahili accent', undefined, 'sw', null],
    ];
    for (const [prompt, hint, language, accent] of cases) {
      const spec = parseDescription(prompt, hint);
      assert.equal(spec.language, language, prompt);
      assert.equal(spec.accent, accent, prompt);
    }
  });

  test('gender from nouns before pronouns, ages from words and numbers, negations and unknown words ignored', () => {
    assert.equal(parseDescription('Someone who reads her stories to the kids').gender, 'female');
    assert.equal(parseDescription('A father talking to his daughter').gender, 'male');
    assert.equal(parseDescription('An androgynous, smooth voice').gender, 'neutral');
    assert.equal(parseDescription('A voice for a phone menu, neither deep nor high').gender, null);
    assert.equal(parseDescription('A woman in her 60s').age, 'old');
    assert.equal(parseDescription('A 25-year-old man').age, 'young');
    assert.equal(parseDescription('A little boy at the zoo').age, 'child');
    assert.equal(parseDescription('A friendly voice that is not too fast').pace, null);
    assert.equal(parseDescription('Speaks slowly and deliberately').pace, 'slow');
    const spec = parseDescription('A zorblatt flimflam voice, husky and breathy');
    assert.deepEqual(spec.understood, ['husky', 'breathy']);
    assert.deepEqual(spec.tones, ['husky', 'breathy']);
  });
});

describe('designCandidates', () => {
  test('count is respected (1–3) and the same seed gives the same candidates', () => {
    const spec = parseDescription(YOUNG_WOMAN);
    for (const count of [1, 2, 3]) assert.equal(designCandidates(spec, count, 'seed').length, count);
    assert.equal(designCandidates(spec, 0, 'seed').length, 1);
    assert.equal(designCandidates(spec, 7, 'seed').length, 3);
    assert.deepEqual(designCandidates(spec, 3, 'seed'), designCandidates(spec, 3, 'seed'));
    assert.deepEqual(designCandidates(spec, 3, 42), designCandidates(parseDescription(YOUNG_WOMAN), 3, 42));
    assert.notDeepEqual(designCandidates(spec, 3, 'seed'), designCandidates(spec, 3, 'other seed'));
  });

  test('every candidate fits the description and candidates differ pairwise', () => {
    const checks: Array<[prompt: string, fits: (t: { pitchHz: number; rate: number }) => boolean]> = [
      [NARRATOR, (t) => t.pitchHz <= 110 && t.rate < 1],
      [YOUNG_WOMAN, (t) => t.pitchHz >= 175 && t.rate >= 1.2],
      ['A slow, gravelly old man', (t) => t.pitchHz < 150 && t.rate < 0.9],
      ['A little girl with a high voice', (t) => t.pitchHz >= 250],
      ['A soothing meditation guide', (t) => t.rate < 1.05],
      ['Someone who talks really fast', (t) => t.rate >= 1.2],
    ];
    for (const [prompt, fits] of checks) {
      const spec = parseDescription(prompt);
      for (const seed of [1, 2, 3, 'x']) {
        const candidates = designCandidates(spec, 3, seed);
        for (const candidate of candidates) {
          assert.ok(fits(candidate.traits), `${prompt}: ${candidate.summary}`);
          assert.deepEqual(candidate.identity.traits, candidate.traits);
          assert.ok(candidate.identity.engines['espeak-ng'] !== undefined);
        }
        for (let i = 0; i < candidates.length; i++)
          for (let j = i + 1; j < candidates.length; j++)
            assert.ok(
              traitsAreDistinct(candidates[i]!.traits, candidates[j]!.traits),
              `${prompt}: ${candidates[i]!.summary} / ${candidates[j]!.summary}`,
            );
      }
    }
  });

  test('the accent picks the espeak-ng voice; an unspecified gender varies', () => {
    const british = designCandidates(parseDescription(NARRATOR), 3, 1);
    for (const candidate of british) assert.equal(candidate.identity.engines['espeak-ng']?.id, 'gmw/en');
    const scottish = designCandidates(parseDescription('A husky Scottish woman'), 2, 1);
    for (const candidate of scottish) assert.equal(candidate.identity.engines['espeak-ng']?.id, 'gmw/en-GB-scotland');
    const open = designCandidates(parseDescription('A calm voice for an audiobook'), 3, 5);
    assert.equal(new Set(open.map((candidate) => candidate.summary.split(',')[0])).size, 3);
  });
});

describe("a batch's Kokoro voices are different people", () => {
  const dot = (a: Float32Array, b: Float32Array) => a.reduce((sum, v, i) => sum + v * b[i]!, 0);
  const blends = (prompt: string, seed: number) =>
    designCandidates(parseDescription(prompt), 3, `s${seed}`).map((c) => String(c.identity.engines['kokoro']?.params?.['blend']));

  test("Kokoro realizations carry their own empty transform: the identity's (fitted to espeak-ng) never runs after Kokoro", () => {
    const candidates = designCandidates(parseDescription('A deep, calm older male narrator with a British accent.'), 3, 's1');
    assert.ok(candidates.some((c) => c.identity.transform !== undefined), 'the identity has a transform of its own');
    for (const c of candidates) assert.deepEqual(c.identity.engines['kokoro']?.transform, {});
  });

  test('no two candidates of a batch share a blend', () => {
    for (const prompt of ['A deep, calm older male narrator with a British accent.', 'A warm middle-aged woman reading a story in Spanish.']) {
      for (let seed = 0; seed < 10; seed += 1) assert.equal(new Set(blends(prompt, seed)).size, 3, `${prompt} seed ${seed}`);
    }
  });

  test('American English: every pair sounds ≤ 0.75 alike by the packs\' measured embeddings, whatever the seed', () => {
    for (const prompt of [
      'A bright, friendly young female presenter with an American accent and a quick pace.',
      'A husky, low-pitched middle-aged man with an American accent, speaking slowly.',
    ]) {
      for (let seed = 0; seed < 20; seed += 1) {
        const e = blends(prompt, seed).map((b) => predictedEmbedding(parseBlend(b))!);
        for (const [a, b] of [[0, 1], [0, 2], [1, 2]] as const) {
          assert.ok(dot(e[a]!, e[b]!) <= 0.75, `${prompt} seed ${seed}: ${dot(e[a]!, e[b]!).toFixed(3)}`);
        }
      }
    }
  });
});

describe('designed voices as rendered', () => {
  let engine: SpeechEngine;
  before(() => {
    engine = createEspeakEngine({ threads: 1 });
  });
  after(async () => {
    await engine.close();
  });

  test('a deep male measures lower than a young woman; candidates of one call differ measurably', async () => {
    const text =
      'When the sunlight strikes raindrops in the air, they act as a prism and form a rainbow. ' +
      'Every morning she walks along the river to the little bakery, where the bread is still warm.';
    const measured = async (prompt: string) => {
      const spec = parseDescription(prompt);
      const out = [];
      for (const candidate of designCandidates(spec, 3, 7))
        out.push(measureTraits(await renderIdentity(engine, candidate.identity, text, spec.language), { transcript: text }));
      return out;
    };
    const deep = await measured(NARRATOR);
    const young = await measured(YOUNG_WOMAN);
    assert.ok(Math.max(...deep.map((t) => t.pitchHz)) < Math.min(...young.map((t) => t.pitchHz)));
    assert.ok(Math.min(...young.map((t) => t.rate)) > Math.max(...deep.map((t) => t.rate)));
    for (const group of [deep, young])
      for (let i = 0; i < group.length; i++)
        for (let j = i + 1; j < group.length; j++)
          assert.ok(traitsAreDistinct(group[i]!, group[j]!), `${JSON.stringify(group[i])} / ${JSON.stringify(group[j])}`);
  });
});
