import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { OPENAI_MODELS, OPENAI_VOICE_NAMES, openAiVoiceTable, voiceForOpenAi } from '../../src/domain/generations/openai-names.js';
import { ROOT } from '../helpers/process.js';

/** OpenAI's names on /v1/audio/speech: which presets they become, checked against what OpenAI's voices are like and against the docs. */

/** OpenAI's eleven voices by their published character: gender, and the two that read British. */
const OPENAI_VOICES: Record<string, { gender: string; british?: true }> = {
  alloy: { gender: 'neutral' },
  ash: { gender: 'male' },
  ballad: { gender: 'male', british: true },
  coral: { gender: 'female' },
  echo: { gender: 'male' },
  fable: { gender: 'male', british: true },
  nova: { gender: 'female' },
  onyx: { gender: 'male' },
  sage: { gender: 'female' },
  shimmer: { gender: 'female' },
  verse: { gender: 'male' },
};

test('every OpenAI voice name is its own English preset of the voice\'s gender; ballad and fable are British', () => {
  assert.deepEqual([...OPENAI_VOICE_NAMES].sort(), Object.keys(OPENAI_VOICES).sort());
  const table = openAiVoiceTable();
  const ids = new Set<string>();
  for (const [name, wish] of Object.entries(OPENAI_VOICES)) {
    const preset = table.get(name);
    assert.ok(preset, name);
    ids.add(preset.id);
    assert.equal(preset.languages[0], 'en', `${name} → ${preset.slug}`);
    assert.equal(preset.gender, wish.gender, `${name} → ${preset.slug}`);
    assert.equal(preset.language_code === 'en-GB', wish.british === true, `${name} → ${preset.slug} (${preset.language_code})`);
  }
  assert.equal(ids.size, OPENAI_VOICE_NAMES.length, 'no two names share a preset');
  // onyx is OpenAI's deep voice: the lowest-pitched of the American men the names got.
  const onyx = table.get('onyx')!;
  for (const [name, preset] of table) {
    if (name === 'onyx' || preset.gender !== 'male' || preset.language_code !== 'en-US') continue;
    assert.ok(onyx.identity.traits.pitchHz < preset.identity.traits.pitchHz, `onyx (${onyx.slug}) lower than ${name} (${preset.slug})`);
  }
});

test('names match in any case and anything else passes through as a voicelib voice', () => {
  assert.equal(voiceForOpenAi('Alloy'), openAiVoiceTable().get('alloy')!.id);
  assert.equal(voiceForOpenAi('SHIMMER'), openAiVoiceTable().get('shimmer')!.id);
  assert.equal(voiceForOpenAi('voice_not_an_openai_name'), 'voice_not_an_openai_name');
});

test('docs/openai-compatibility.md lists the mapping the service uses', () => {
  const doc = readFileSync(path.join(ROOT, 'docs/openai-compatibility.md'), 'utf8');
  for (const [name, preset] of openAiVoiceTable()) {
    const row = doc.split('\n').find((line) => line.startsWith(`| ${name} |`));
    assert.ok(row, `docs row for ${name}`);
    const cells = row.split('|').map((c) => c.trim());
    assert.equal(cells[2], preset.slug, `${name}: docs say ${cells[2]}`);
    assert.equal(cells[3], preset.id, `${name}: docs say ${cells[3]}`);
  }
  for (const [openai, model] of Object.entries(OPENAI_MODELS)) {
    assert.match(doc, new RegExp(`\`${openai}\`[^\\n]*\`${model}\``), `docs map ${openai} to ${model}`);
  }
});
