import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  buildCatalog,
  catalogStats,
  findPreset,
  PITCH_CALIBRATIONS,
  PRESETS,
  type PresetVoice,
  presetIdOf,
  presetsByLanguage,
} from '../../src/voices/catalog/catalog.js';
import { ESPEAK_LANGUAGE_VOICES, ESPEAK_VARIANT_DATA } from '../../src/speech/engines/espeak-ng/data/package-voices.js';
import { relativeDifference, traitsAreDistinct } from '../../src/speech/voice-identity.js';
import { resolveLanguage } from '../../src/voices/languages/languages.js';
import { ESPEAK_LEVEL_VARIANTS, espeakMedianHz } from '../../src/speech/engines/espeak-ng/voice-fit.js';
import { espeakVariantTraits } from '../../src/speech/engines/espeak-ng/variants.js';
import { typicalFormantScale } from '../../src/voices/catalog/preset-traits.js';
import { espeakPackageFiles } from './espeak-package.js';

const GENDERS = ['female', 'male', 'neutral'];
const AGES = ['young', 'middle-aged', 'old'];
const CATEGORIES = [
  'narration',
  'conversational',
  'news',
  'education',
  'characters',
  'meditation',
  'advertising',
  'customer-service',
];

describe('preset catalog', () => {
  test('has about 260 voices with unique ids and slugs', () => {
    assert.ok(PRESETS.length >= 240 && PRESETS.length <= 280, `${PRESETS.length} presets`);
    assert.equal(new Set(PRESETS.map((voice) => voice.id)).size, PRESETS.length);
    assert.equal(new Set(PRESETS.map((voice) => voice.slug)).size, PRESETS.length);
  });

  test('ids are derived from slugs, not random: the same on a second, separate computation', async () => {
    for (const voice of PRESETS) {
      assert.match(voice.id, /^voice_[0-9a-z]{20}$/);
      assert.equal(voice.id, presetIdOf(voice.slug));
    }
    // A second module instance builds the catalog again from scratch.
    const again = (await import(new URL('../../src/voices/catalog/catalog.js?second', import.meta.url).href)) as {
      PRESETS: readonly PresetVoice[];
    };
    assert.notEqual(again.PRESETS, PRESETS);
    assert.deepEqual(again.PRESETS, PRESETS);
    // Pinned: a change here changes public voice ids that callers store.
    assert.equal(presetIdOf('imogen-en-gb'), findPreset('imogen-en-gb')?.id);
    assert.equal(findPreset('harper-en-us')?.id, 'voice_3ymsv205i8ggqkrin7nb');
  });

  test('every preset has every field, well formed', () => {
    for (const voice of PRESETS) {
      const label = voice.slug;
      assert.match(voice.slug, /^[a-z0-9]+(?:-[a-z0-9]+)*$/, label);
      assert.ok(voice.name.length > 0 && voice.name.length <= 80, label);
      assert.equal(voice.type, 'preset');
      assert.equal(voice.languages.length, 1, label);
      assert.ok(voice.language_code.startsWith(`${voice.languages[0]}-`), label);
      assert.ok(voice.accent.length > 0, label);
      assert.ok(CATEGORIES.includes(voice.category), label);
      assert.ok(GENDERS.includes(voice.gender), label);
      assert.ok(AGES.includes(voice.age), label);
      assert.ok(voice.description.length > 40 && voice.description.includes(voice.accent), label);
      const traits = voice.identity.traits;
      for (const value of Object.values(traits)) assert.ok(Number.isFinite(value), label);
      if (voice.gender === 'female') assert.ok(traits.pitchHz >= 160 && traits.pitchHz <= 265, label);
      if (voice.gender === 'male') assert.ok(traits.pitchHz >= 85 && traits.pitchHz <= 130, label);
      // On the measure's scale: espeak-ng's male variants read 0.91–1.08, its female ones 1.12–1.27.
      assert.ok(traits.formantScale >= 0.9 && traits.formantScale <= 1.27, label);
      assert.ok(traits.rate >= 0.85 && traits.rate <= 1.2, label);
      assert.ok(traits.pitchRange >= 0 && traits.pitchRange <= 1, label);
      assert.ok(traits.breathiness >= 0 && traits.breathiness <= 1, label);
      assert.ok(Math.abs(traits.brightness) <= 6, label);
      assert.ok(Object.isFrozen(voice) && Object.isFrozen(voice.identity.traits), label);
    }
  });

  test('each preset language_code is an accent of the language list', () => {
    for (const voice of PRESETS) {
      const resolved = resolveLanguage(voice.language_code);
      assert.equal(resolved?.accent, voice.language_code, voice.slug);
      assert.equal(resolved?.language, voice.languages[0], voice.slug);
      assert.equal(resolved?.experimental, false, voice.slug);
    }
  });

  test('every espeak-ng voice and variant used exists in the installed package', () => {
    const files = espeakPackageFiles();
    for (const voice of PRESETS) {
      const espeak = voice.identity.engines['espeak-ng'];
      assert.ok(espeak !== undefined, voice.slug);
      assert.ok(files.languageVoices.has(espeak.id), `${voice.slug}: no espeak-ng voice ${espeak.id}`);
      const { variant, pitch, range, rate } = espeak.params ?? {};
      assert.ok(files.variants.has(String(variant)), `${voice.slug}: no variant ${String(variant)}`);
      for (const value of [pitch, range])
        assert.ok(typeof value === 'number' && value >= 0 && value <= 99, voice.slug);
      // Trait rates 0.85–1.2 × 175 wpm, divided by the variant's own pace (0.82–1.18).
      assert.ok(
        typeof rate === 'number' && rate >= 120 && rate <= 260,
        `${voice.slug}: rate ${String(rate)}`,
      );
    }
  });

  test('espeak-ng parameters aim at each pitch target: the pitch model times the measured correction', () => {
    const variants = new Map(ESPEAK_VARIANT_DATA.map((row) => [row[0], row]));
    for (const voice of PRESETS) {
      const realization = voice.identity.engines['espeak-ng'];
      const { variant, pitch, range } = realization?.params ?? {};
      const row = variants.get(String(variant));
      assert.ok(row !== undefined && typeof pitch === 'number' && typeof range === 'number', voice.slug);
      const factor = PITCH_CALIBRATIONS.get(voice.slug)?.factor ?? 0;
      const shift = 2 ** ((realization?.transform?.pitchShiftSemitones ?? 0) / 12);
      const lands = espeakMedianHz(row[2], row[3], pitch, range) * (factor > 0 ? factor : 1) * shift;
      assert.ok(
        relativeDifference(lands, voice.identity.traits.pitchHz) <= 0.02,
        `${voice.slug}: ${lands} Hz`,
      );
    }
  });

  test('the pitch calibration table is current: one entry per preset, taken on its uncalibrated parameters', () => {
    // Regenerate with bench/preset-pitch.ts after changing the grid, the seeds or espeak-ng.
    const plain = buildCatalog(new Map());
    assert.equal(PITCH_CALIBRATIONS.size, plain.length);
    for (const voice of plain) {
      const calibration = PITCH_CALIBRATIONS.get(voice.slug);
      const { variant, pitch, range } = voice.identity.engines['espeak-ng']?.params ?? {};
      assert.deepEqual(
        calibration && { variant: calibration.variant, pitch: calibration.pitch, range: calibration.range },
        { variant, pitch, range },
        voice.slug,
      );
    }
    // Only languages whose probe (digits) espeak-ng reads without voicing lack a factor.
    const unmeasured = [...PITCH_CALIBRATIONS].filter(([, calibration]) => !(calibration.factor > 0));
    assert.ok(unmeasured.length <= 5, unmeasured.map(([slug]) => slug).join(' '));
  });

  test('the generated espeak-ng tables match the installed package', () => {
    const files = espeakPackageFiles();
    assert.deepEqual(new Set(ESPEAK_LANGUAGE_VOICES.map(([identifier]) => identifier)), files.languageVoices);
    assert.deepEqual(new Set(ESPEAK_VARIANT_DATA.map(([id]) => id)), files.variants);
  });

  test('any two presets of a language differ measurably', () => {
    for (const [language, voices] of presetsByLanguage()) {
      for (let i = 0; i < voices.length; i += 1) {
        for (let j = i + 1; j < voices.length; j += 1) {
          const a = voices[i]!.identity.traits;
          const b = voices[j]!.identity.traits;
          assert.ok(
            traitsAreDistinct(a, b),
            `${language}: ${voices[i]!.slug} and ${voices[j]!.slug} are too alike ` +
              `(pitch ${relativeDifference(a.pitchHz, b.pitchHz).toFixed(3)}, ` +
              `formant ${relativeDifference(a.formantScale, b.formantScale).toFixed(3)}, ` +
              `rate ${relativeDifference(a.rate, b.rate).toFixed(3)})`,
          );
        }
      }
    }
  });

  test('engine hints exist only where that engine has a matching voice', () => {
    for (const voice of PRESETS) {
      const { 'svox-pico': pico, flite } = voice.identity.engines;
      if (pico !== undefined) {
        assert.equal(voice.gender, 'female', voice.slug);
        assert.ok(['en-US', 'en-GB', 'de-DE', 'es-ES', 'fr-FR', 'it-IT'].includes(pico.id), voice.slug);
      }
      if (flite !== undefined) {
        assert.equal(voice.languages[0], 'en', voice.slug);
        assert.ok(['slt', 'rms', 'awb'].includes(flite.id), voice.slug);
      }
    }
  });

  test('names are voicelib’s own, not the stock names of well-known hosted voices', () => {
    // A sample of preset names that hosted speech services made famous; none may be reused.
    const vendor = new Set(
      (
        'Rachel Drew Clyde Domi Dave Fin Antoni Thomas Charlie George Emily Elli Callum Patrick Harry Liam Dorothy ' +
        'Josh Arnold Charlotte Alice Matilda Matthew James Joseph Jeremy Michael Ethan Gigi Freya Brian Grace ' +
        'Daniel Lily Serena Adam Nicole Bill Jessie Sam Glinda Giovanni Mimi Aria Roger Laura Will Eric Jessica ' +
        'Joanna Kendra Kimberly Salli Ivy Ruth Danielle Joey Justin Kevin Gregory Stephen Amy Emma Arthur Olivia ' +
        'Russell Ayanda Geraint Raveena Aditi Kajal Niamh Marlene Vicki Hans Hannah Conchita Lucia Enrique Sergio ' +
        'Mia Andres Lupe Pedro Penelope Miguel Celine Lea Mathieu Remi Chantal Gabrielle Carla Bianca Giorgio ' +
        'Adriano Vitoria Camila Ricardo Thiago Ines Cristiano Mizuki Takumi Kazuha Tomoko Seoyeon Zhiyu Hiujin ' +
        'Tatyana Maxim Filiz Burcu Astrid Elin Liv Ida Naja Mads Sofie Ruben Lotte Lisa Jacek Jan Ewa Maja Ola ' +
        'Carmen Dora Karl Gwyneth Zeina Hala Zayd Suvi Jitka Sabrina Isabelle Jasmine Jenny Guy Davis Xiaoxiao ' +
        'Yunxi Nanami Keita Katja Conrad Denise Henri Elvira Alvaro Dalia Jorge Francisca Antonio Isabella Diego ' +
        'Elsa Swara Madhur Dariya Svetlana Dmitry Zofia Marek Colette Fenna Maarten Emel Ahmet Duarte Raquel'
      ).split(' '),
    );
    for (const voice of PRESETS)
      assert.ok(!vendor.has(voice.name), `${voice.name} is a well-known vendor voice name`);
  });
});

describe("the grid's formant levels and espeak-ng's variants", () => {
  test('each level is the mean measured formant scale of the espeak-ng variants realizing it', () => {
    for (const gender of ['female', 'male', 'neutral'] as const) {
      const means = ESPEAK_LEVEL_VARIANTS[gender].map((variants) => {
        const scales = variants.map((name) => espeakVariantTraits(name)?.[1] ?? Number.NaN);
        return Math.round((scales.reduce((sum, value) => sum + value, 0) / scales.length) * 1000) / 1000;
      });
      const presets = PRESETS.filter((voice) => voice.gender === gender);
      const used = new Set(presets.map((voice) => voice.identity.traits.formantScale));
      assert.deepEqual([...used].sort(), [...means].sort(), gender);
      assert.equal(typicalFormantScale(gender), Math.sqrt(means[0]! * means[means.length - 1]!));
    }
  });
});

describe('lookups', () => {
  test('findPreset takes an id or a slug', () => {
    const voice = PRESETS[0]!;
    assert.equal(findPreset(voice.id), voice);
    assert.equal(findPreset(voice.slug), voice);
    assert.equal(findPreset(voice.slug.toUpperCase()), voice);
    assert.equal(findPreset('voice_doesnotexist0000000'), undefined);
    assert.equal(findPreset(''), undefined);
  });

  test('presetsByLanguage and catalogStats account for every preset', () => {
    const grouped = presetsByLanguage();
    assert.equal(
      [...grouped.values()].reduce((sum, voices) => sum + voices.length, 0),
      PRESETS.length,
    );
    const stats = catalogStats();
    assert.equal(stats.total, PRESETS.length);
    assert.equal(stats.languages, grouped.size);
    assert.ok(stats.byLanguage[0]?.language === 'en' && stats.byLanguage[0].count >= 15);
    for (const row of stats.byLanguage) {
      assert.equal(
        Object.values(row.accents).reduce((sum, n) => sum + n, 0),
        row.count,
      );
    }
    assert.ok(grouped.size >= 100, `${grouped.size} languages with presets`);
  });
});
