import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { detectSilences, estimatePitch, spectralCentroidHz } from '../../src/audio/analysis/index.js';
import { fft } from '../../src/audio/fft.js';
import type { PcmAudio } from '../../src/audio/pcm.js';
import { applyTransform, transformTimings } from '../../src/audio/transform.js';
import type { EngineRegistry } from '../../src/speech/engine-registry.js';
import { createEspeakEngine } from '../../src/speech/engines/espeak-ng/index.js';
import { type SpeakRequest, SpeechPipeline } from '../../src/speech/pipeline.js';
import type { VoiceTransform } from '../../src/speech/voice-identity.js';
import { harmonicVoice, noise } from './signals.js';
import { envelopeShift, formantVoice } from './voice-signals.js';

const SENTENCE =
  'The quick brown fox jumps over the lazy dog, and then it runs far away into the quiet green forest.';

/** Energy between `lowHz` and `highHz` in dB, from 4096-point Hann frames averaged in power. */
function bandEnergyDb(pcm: PcmAudio, lowHz: number, highHz: number): number {
  const size = 4096;
  const re = new Float64Array(size);
  const im = new Float64Array(size);
  let sum = 0;
  for (let start = 0; start + size <= pcm.samples.length; start += size / 2) {
    for (let i = 0; i < size; i++) {
      re[i] = pcm.samples[start + i]! * (0.5 - 0.5 * Math.cos((2 * Math.PI * i) / size));
      im[i] = 0;
    }
    fft(re, im);
    for (let k = Math.ceil((lowHz * size) / pcm.sampleRate); (k * pcm.sampleRate) / size <= highHz; k++) {
      sum += re[k]! ** 2 + im[k]! ** 2;
    }
  }
  return 10 * Math.log10(sum);
}

const ratio = (a: number, b: number): number => a / b;

/**
 * The checks every source gets: pitch up and down, formants, tempo. `envelope` says whether the
 * source has a spectral envelope to follow (a bare harmonic series does not).
 */
function transformChecks(
  name: string,
  source: () => PcmAudio,
  envelope: boolean,
  minCentroidGain = 1.08,
): void {
  const cache = new Map<string, { out: PcmAudio; f0Ratio: number }>();
  const run = (transform: VoiceTransform) => {
    const key = JSON.stringify(transform);
    let entry = cache.get(key);
    if (!entry) {
      const input = source();
      const out = applyTransform(input, transform);
      entry = { out, f0Ratio: ratio(estimatePitch(out).medianHz, estimatePitch(input).medianHz) };
      cache.set(key, entry);
    }
    return entry;
  };

  test(`${name}: +4 semitones raises median F0 x1.26 (±3%), keeps duration and formants`, () => {
    const input = source();
    const { out, f0Ratio } = run({ pitchShiftSemitones: 4 });
    assert.ok(Math.abs(f0Ratio / 2 ** (4 / 12) - 1) <= 0.03, `F0 ratio ${f0Ratio}`);
    assert.ok(Math.abs(out.samples.length - input.samples.length) <= 1, 'same length');
    assert.equal(out.sampleRate, input.sampleRate);
    if (envelope) {
      const shift = envelopeShift(input, out);
      assert.ok(Math.abs(shift - 1) <= 0.03, `formants moved x${shift}`);
    }
  });

  test(`${name}: -5 semitones lowers median F0 x0.749 (±3%), keeps duration and formants`, () => {
    const input = source();
    const { out, f0Ratio } = run({ pitchShiftSemitones: -5 });
    assert.ok(Math.abs(f0Ratio / 2 ** (-5 / 12) - 1) <= 0.03, `F0 ratio ${f0Ratio}`);
    assert.ok(Math.abs(out.samples.length - input.samples.length) <= 1, 'same length');
    if (envelope) {
      const shift = envelopeShift(input, out);
      assert.ok(Math.abs(shift - 1) <= 0.03, `formants moved x${shift}`);
    }
  });

  test(`${name}: formantShift 1.15 moves the envelope x1.15 and keeps F0 (±3%) and duration`, () => {
    const input = source();
    const { out, f0Ratio } = run({ formantShift: 1.15 });
    assert.ok(Math.abs(f0Ratio - 1) <= 0.03, `F0 ratio ${f0Ratio}`);
    assert.ok(Math.abs(out.samples.length - input.samples.length) <= 1, 'same length');
    if (envelope) {
      const shift = envelopeShift(input, out);
      assert.ok(Math.abs(shift - 1.15) <= 0.03, `envelope moved x${shift}`);
    }
    const centroid = ratio(spectralCentroidHz(out), spectralCentroidHz(input));
    assert.ok(centroid >= minCentroidGain, `centroid x${centroid}`);
  });

  test(`${name}: tempo 1.25 shortens duration ÷1.25 (±2%) and keeps F0 (±3%)`, () => {
    const input = source();
    const { out, f0Ratio } = run({ tempo: 1.25 });
    const durationRatio = out.samples.length / input.samples.length;
    assert.ok(Math.abs(durationRatio * 1.25 - 1) <= 0.02, `duration x${durationRatio}`);
    assert.ok(Math.abs(f0Ratio - 1) <= 0.03, `F0 ratio ${f0Ratio}`);
  });
}

describe('applyTransform on synthetic voices (22.05 kHz)', () => {
  const harmonic = harmonicVoice(22050, 140, 2, 0.5);
  transformChecks('harmonic 140 Hz', () => harmonic, false);
  const vowel = formantVoice(22050, 120, 2, 0.5);
  transformChecks('formant vowel 120 Hz', () => vowel, true);

  test('44.1 kHz: pitch and formants move together as asked', () => {
    const high = formantVoice(44100, 120, 1.5, 0.5);
    const out = applyTransform(high, { pitchShiftSemitones: 3, formantShift: 1.15 });
    const f0Ratio = estimatePitch(out).medianHz / estimatePitch(high).medianHz;
    assert.ok(Math.abs(f0Ratio / 2 ** (3 / 12) - 1) <= 0.03, `F0 ratio ${f0Ratio}`);
    const shift = envelopeShift(high, out);
    assert.ok(Math.abs(shift - 1.15) <= 0.03, `envelope moved x${shift}`);
    assert.equal(out.samples.length, high.samples.length);
  });

  test('every service rate: F0 lands within 3% for pitch, formant and tempo changes', () => {
    for (const sampleRate of [8000, 16000, 24000, 32000, 48000]) {
      const voice = formantVoice(sampleRate, 200, 1, 0.5);
      const out = applyTransform(voice, { pitchShiftSemitones: 3, formantShift: 0.9, tempo: 1.2 });
      const f0Ratio = estimatePitch(out).medianHz / estimatePitch(voice).medianHz;
      assert.ok(Math.abs(f0Ratio / 2 ** (3 / 12) - 1) <= 0.03, `${sampleRate} Hz: F0 ratio ${f0Ratio}`);
      assert.equal(out.samples.length, Math.round(voice.samples.length / 1.2), `${sampleRate} Hz length`);
    }
  });
});

describe('applyTransform on a real espeak-ng rendering', () => {
  let speech: PcmAudio | undefined;
  let words: Array<{ word: string; start: number; end: number }> = [];
  const engine = createEspeakEngine({ threads: 1 });

  before(async () => {
    const result = await engine.synthesize({
      text: SENTENCE,
      language: 'en-US',
      voice: { id: 'en-US' },
      speed: 1,
      variation: 0.5,
    });
    speech = result.audio;
    words = result.words;
  });
  after(() => engine.close());

  const source = (): PcmAudio => {
    assert.ok(speech, 'espeak-ng synthesized the sentence');
    return speech;
  };
  // The full-band centroid is a weak witness here: a 22.05 kHz espeak voice loses its 9.6-11 kHz
  // band to any upward shift, so even a plain 1.15x speed-up lifts it by only ~6.6%.
  transformChecks('espeak-ng', source, true, 1.01);

  test('word timings follow the tempo: every time ÷ tempo, and the last word still ends inside the audio', () => {
    const transform = { tempo: 1.25, pitchShiftSemitones: 2 };
    const out = applyTransform(source(), transform);
    const moved = transformTimings(words, transform);
    assert.equal(moved.length, words.length);
    moved.forEach((w, i) => {
      assert.equal(w.word, words[i]!.word);
      assert.ok(Math.abs(w.start - words[i]!.start / 1.25) < 1e-9);
      assert.ok(Math.abs(w.end - words[i]!.end / 1.25) < 1e-9);
    });
    const lastEnd = moved.at(-1)!.end;
    assert.ok(lastEnd <= out.samples.length / out.sampleRate + 0.01, `last word ends at ${lastEnd}`);
    // Without a tempo the timings are unchanged (a copy).
    assert.deepEqual(transformTimings(words, { pitchShiftSemitones: 4, formantShift: 1.1 }), words);
  });

  test('the speech pipeline applies the voice transform: higher F0, faster speech, pauses kept exact', async () => {
    // A registry stand-in that offers the one engine this suite already started.
    const registry = { available: async () => [engine] } as unknown as EngineRegistry;
    const pipeline = new SpeechPipeline(registry);
    const voice: SpeakRequest['voice'] = {
      language: 'en-US',
      engines: { 'espeak-ng': { id: 'en-US' } },
      defaultSpeed: 1,
      defaultVariation: 0.5,
    };
    const segments = [
      { kind: 'speech' as const, text: 'The quick brown fox jumps over the lazy dog.', emotion: null },
      { kind: 'pause' as const, seconds: 1 },
      { kind: 'speech' as const, text: 'Then it runs far away into the forest.', emotion: null },
    ];
    const plain = await pipeline.speak({ segments, voice, model: 'v-lite' });
    const changed = await pipeline.speak({
      segments,
      voice: { ...voice, transform: { pitchShiftSemitones: 4, tempo: 1.25 } },
      model: 'v-lite',
    });
    const f0Ratio = estimatePitch(changed.audio).medianHz / estimatePitch(plain.audio).medianHz;
    assert.ok(Math.abs(f0Ratio / 2 ** (4 / 12) - 1) <= 0.03, `F0 ratio ${f0Ratio}`);
    const speechSeconds = (r: typeof plain) => r.audio.samples.length / r.audio.sampleRate - 1;
    const ratioOfSpeech = speechSeconds(changed) / speechSeconds(plain);
    assert.ok(Math.abs(ratioOfSpeech * 1.25 - 1) <= 0.02, `speech duration x${ratioOfSpeech}`);
    // The pause is still one second long (within a 5 ms frame), and the words around it moved with the tempo.
    const pauses = detectSilences(changed.audio, { minDurationSec: 0.5, thresholdDb: -45 });
    assert.equal(pauses.length, 1);
    assert.ok(Math.abs(pauses[0]!.end - pauses[0]!.start - 1) <= 0.02, `pause ${JSON.stringify(pauses[0])}`);
    assert.equal(changed.words.length, plain.words.length);
    const firstAfterPause = plain.words.findIndex((w) => w.start > speechSeconds(plain) / 2);
    assert.ok(
      changed.words[firstAfterPause]!.start >= pauses[0]!.end - 0.05,
      'words after the pause start after it',
    );
    assert.ok(changed.words.at(-1)!.end <= changed.audio.samples.length / changed.audio.sampleRate + 0.01);
  });

  test('speed: the whole transform on 10 s of speech (printed, not asserted)', (t) => {
    const one = source();
    const samples = new Float32Array(10 * one.sampleRate);
    for (let i = 0; i < samples.length; i++) samples[i] = one.samples[i % one.samples.length]!;
    const tenSeconds = { sampleRate: one.sampleRate, samples };
    const cases: Array<[string, VoiceTransform]> = [
      ['pitch +4 st', { pitchShiftSemitones: 4 }],
      ['formant x1.15', { formantShift: 1.15 }],
      ['tempo 1.25', { tempo: 1.25 }],
      [
        'EQ, 3 bands',
        {
          eq: [
            { type: 'lowshelf', frequencyHz: 300, gainDb: -6 },
            { frequencyHz: 2500, gainDb: 3 },
            { type: 'highshelf', frequencyHz: 6000, gainDb: -3 },
          ],
        },
      ],
      [
        'all at once',
        { pitchShiftSemitones: 3, formantShift: 1.1, tempo: 1.1, eq: [{ frequencyHz: 2500, gainDb: 3 }] },
      ],
    ];
    for (const [label, transform] of cases) {
      let best = Number.POSITIVE_INFINITY;
      for (let run = 0; run < 3; run++) {
        const start = performance.now();
        applyTransform(tenSeconds, transform);
        best = Math.min(best, performance.now() - start);
      }
      t.diagnostic(`applyTransform ${label}: ${best.toFixed(0)} ms for 10 s of 22.05 kHz speech (best of 3)`);
    }
  });
});

describe('applyTransform: EQ, identity, determinism, limits', () => {
  const hiss = noise(22050, 3, 0.3);

  test('a low shelf of -6 dB at 300 Hz lowers the band under 120 Hz by about 6 dB and leaves 4-8 kHz alone', () => {
    const out = applyTransform(hiss, { eq: [{ type: 'lowshelf', frequencyHz: 300, gainDb: -6 }] });
    const low = bandEnergyDb(out, 20, 120) - bandEnergyDb(hiss, 20, 120);
    const high = bandEnergyDb(out, 4000, 8000) - bandEnergyDb(hiss, 4000, 8000);
    assert.ok(Math.abs(low + 6) <= 0.7, `low band ${low.toFixed(2)} dB`);
    assert.ok(Math.abs(high) <= 0.2, `high band ${high.toFixed(2)} dB`);
    assert.equal(out.samples.length, hiss.samples.length);
  });

  test('a high shelf and a peaking band act where they should', () => {
    const out = applyTransform(hiss, {
      eq: [
        { type: 'highshelf', frequencyHz: 4000, gainDb: -6 },
        { type: 'peaking', frequencyHz: 1000, gainDb: 6, q: 2 },
      ],
    });
    const top = bandEnergyDb(out, 8000, 10000) - bandEnergyDb(hiss, 8000, 10000);
    const peak = bandEnergyDb(out, 950, 1050) - bandEnergyDb(hiss, 950, 1050);
    const bottom = bandEnergyDb(out, 50, 200) - bandEnergyDb(hiss, 50, 200);
    assert.ok(Math.abs(top + 6) <= 0.7, `top ${top.toFixed(2)} dB`);
    assert.ok(Math.abs(peak - 6) <= 0.7, `peak ${peak.toFixed(2)} dB`);
    assert.ok(Math.abs(bottom) <= 0.3, `bottom ${bottom.toFixed(2)} dB`);
  });

  test('the identity transform returns the audio unchanged', () => {
    for (const transform of [
      {},
      { pitchShiftSemitones: 0, formantShift: 1, tempo: 1, eq: [] },
      { eq: [{ frequencyHz: 500, gainDb: 0 }] },
    ]) {
      const out = applyTransform(hiss, transform);
      assert.deepEqual(out.samples, hiss.samples);
      assert.equal(out.sampleRate, hiss.sampleRate);
    }
  });

  test('is deterministic and leaves its input alone', () => {
    const voice = harmonicVoice(24000, 180, 1, 0.5);
    const copy = voice.samples.slice();
    const transform = {
      pitchShiftSemitones: -3,
      formantShift: 1.1,
      tempo: 0.9,
      eq: [{ frequencyHz: 2000, gainDb: 4 }],
    };
    const a = applyTransform(voice, transform);
    const b = applyTransform(voice, transform);
    assert.deepEqual(a.samples, b.samples);
    assert.deepEqual(voice.samples, copy);
    assert.ok(a.samples.every((v) => v >= -1 && v <= 1));
  });

  test('out-of-range values are validation errors', () => {
    for (const transform of [
      { pitchShiftSemitones: 30 },
      { formantShift: 0 },
      { tempo: Number.NaN },
      { tempo: 10 },
      { eq: [{ frequencyHz: -5, gainDb: 3 }] },
      { eq: [{ frequencyHz: 500, gainDb: 3, q: 0 }] },
    ]) {
      assert.throws(
        () => applyTransform(hiss, transform),
        { code: 'validation_error' },
        JSON.stringify(transform),
      );
    }
    assert.throws(() => transformTimings([], { tempo: 0 }), { code: 'validation_error' });
  });

  test('very short and silent input survive every transform', () => {
    const transform = { pitchShiftSemitones: 5, formantShift: 0.9, tempo: 1.3 };
    for (const samples of [new Float32Array(0), new Float32Array(10), new Float32Array(5000)]) {
      const out = applyTransform({ sampleRate: 16000, samples }, transform);
      assert.equal(out.samples.length, Math.round(samples.length / 1.3));
      assert.ok(out.samples.every((v) => v === 0));
    }
  });
});
