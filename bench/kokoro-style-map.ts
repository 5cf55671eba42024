/**
 * Fits Kokoro's style map (src/speech/engines/kokoro/style-map.ts): how a pack's speaker embedding
 * moves when its style is moved along the voice space's axes and its pitch factor changed. Each
 * sample is an English pack (naturalness ≥ 3.6, the clone candidates' pool) moved by a random
 * offset (every axis N(0, σ²), σ drawn from 0.3-2 pack standard deviations) and a pitch move of up to
 * ±3 semitones, saying the first sentence of its accent's probe text; its embedding minus the pack's
 * measured one (data/speaker-embeddings.ts) is regressed on the move by ridge regression. Seeded, so
 * the same weights give the same samples; 600 samples take ~25 min on 2 cores.
 *
 * The first `--f0-count` samples (300) also say the probe's second sentence, and the median F0 of
 * each sentence, against the unmoved pack's, gives the map's pitch row: how many semitones the move
 * itself lifts the voice's F0 (the style's prosody half moves the predicted melody, not only the
 * in-model factor). ~20 min more.
 *
 *   npm run build && node dist/bench/kokoro-style-map.js [--samples cache.jsonl] [--count 600] \
 *     [--f0-count 300] > src/speech/engines/kokoro/data/style-map.ts
 *
 * `--samples` keeps the rendered samples in a file (one JSON per line) and continues from it.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { findPackFile } from '../src/onnx/model-files.js';
import { SpeakerEncoder } from '../src/audio/analysis/speaker/speaker-encoder.js';
import { voicePitch } from '../src/audio/analysis/voice/measure-pitch.js';
import { createKokoroEngine, KOKORO_PACK } from '../src/speech/engines/kokoro/index.js';
import { KOKORO_VOICE_TRAITS } from '../src/speech/engines/kokoro/data/voice-traits.js';
import { measuredBlends } from '../src/speech/engines/kokoro/speaker-embeddings.js';
import { storeRow } from '../src/speech/engines/kokoro/style-map.js';
import { styleAxes } from '../src/speech/engines/kokoro/voice-space.js';
import { KOKORO_VOICE_IDS, voiceLanguage } from '../src/speech/engines/kokoro/voices.js';
import type { EngineRealization } from '../src/speech/voice-identity.js';
import { splitSentences } from '../src/speech/sentences.js';
import { probeText } from '../src/voices/probe-texts.js';
import { invert } from '../src/voices/clone/refine/trust-region.js';
import { engineModelFolders, modelFolders } from './setup.js';

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const COUNT = Number(option('--count') ?? 600);
const F0_COUNT = Math.min(COUNT, Number(option('--f0-count') ?? 300));
const cacheFile = option('--samples');
const SEED = 11;
/** Ridge penalty (inputs in axis units and semitones); 1-30 cross-validate alike. */
const LAMBDA = 10;

interface Sample {
  base: string;
  language: string;
  /** Axis offsets, then the pitch axis (voice-space.ts units: 1 = 2 semitones). */
  point: number[];
  /** The in-model pitch factor the move gave. */
  pitch: number;
  embedding: number[];
  /** Median F0 (Hz) of the probe's first and second sentences, for the first `F0_COUNT` samples. */
  f0?: number[];
}

const folders = engineModelFolders();
const kokoro = createKokoroEngine({ modelFolders: folders });
const encoder = await SpeakerEncoder.find(modelFolders());
const space = (await kokoro.voiceSpace?.()) ?? null;
if (!(await kokoro.isAvailable()) || encoder === null || space === null) {
  console.error(`Kokoro weights or the speaker encoder not found in ${folders.join(', ')}`);
  process.exit(1);
}

// A 32-bit linear congruential generator and Box-Muller: the same samples on every machine.
let state = SEED >>> 0;
const uniform = () => {
  state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
  return state / 2 ** 32;
};
const gauss = () => Math.sqrt(-2 * Math.log(uniform() + 1e-12)) * Math.cos(2 * Math.PI * uniform());
const naturalness = new Map(KOKORO_VOICE_TRAITS.map((t) => [t.voice, t.naturalness]));
const bases = KOKORO_VOICE_IDS.filter((v) => ['a', 'b'].includes(voiceLanguage(v)) && (naturalness.get(v) ?? 0) >= 3.6);

const samples: Sample[] = cacheFile && existsSync(cacheFile) ? readFileSync(cacheFile, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as Sample) : [];
const save = () => {
  if (cacheFile) writeFileSync(cacheFile, samples.map((s) => `${JSON.stringify(s)}\n`).join(''));
};
const probeSentences = (language: string) => splitSentences(probeText(language)).slice(0, 2);
/** A pack as it is, speaking its accent. */
const packVoice = (base: string, language: string): EngineRealization => ({ id: base, params: { blend: `${base}:1`, language } });
/** Median F0 (Hz) of a voice saying `text`, 0 when unvoiced. */
const f0Of = async (voice: EngineRealization, text: string, language: string) =>
  voicePitch((await kokoro.synthesize({ text, language, voice, speed: 1, variation: 0.5 })).audio).medianHz;
for (let i = 0; i < COUNT; i += 1) {
  const base = bases[Math.floor(uniform() * bases.length)]!;
  const sigma = 0.3 + 1.7 * uniform();
  const point = Array.from({ length: space.dimensions - 1 }, () => sigma * gauss());
  point.push((uniform() * 2 - 1) * 1.5);
  const language = voiceLanguage(base) === 'a' ? 'en-US' : 'en-GB';
  const voice = space.move(packVoice(base, language), point);
  const [first, second] = probeSentences(language) as [string, string];
  if (i < samples.length) {
    // A cached sample must be this one: the same pack and move (the file came from this procedure).
    const cached = samples[i]!;
    if (cached.base !== base || Math.abs(cached.point[0]! - point[0]!) > 1e-3) throw new Error(`${cacheFile}: sample ${i} is not this seed's`);
    if (i < F0_COUNT && cached.f0 === undefined) {
      cached.f0 = [await f0Of(voice, first, language), await f0Of(voice, second, language)].map((hz) => Number(hz.toFixed(2)));
      if (i % 10 === 0) save();
      if (i % 20 === 0) console.error(`F0 ${i}/${F0_COUNT}`);
    }
    continue;
  }
  const { audio } = await kokoro.synthesize({ text: first, language, voice, speed: 1, variation: 0.5 });
  const embedding = await encoder.embed(audio);
  // Skipping it would shift every later sample against its index in the cache file.
  if (embedding === null) throw new Error(`sample ${i} (${base}) gave too little speech for an embedding`);
  const sample: Sample = {
    base,
    language,
    point: point.map((v) => Number(v.toFixed(4))),
    pitch: Number(voice.params?.['pitch'] ?? 1),
    embedding: Array.from(embedding, (v) => Number(v.toFixed(5))),
  };
  if (i < F0_COUNT) sample.f0 = [voicePitch(audio).medianHz, await f0Of(voice, second, language)].map((hz) => Number(hz.toFixed(2)));
  samples.push(sample);
  if (i % 10 === 0) save();
  if (i % 20 === 0) console.error(`${i}/${COUNT}`);
}
save();

/** Ridge regression without intercept (an unmoved pack is as measured): W = (XᵀX + λI)⁻¹ XᵀY, rows per input. */
function ridge(inputs: number[][], outputs: ArrayLike<number>[]): Float64Array[] {
  const d = inputs[0]!.length;
  const width = outputs[0]!.length;
  const gram = Array.from({ length: d }, () => new Float64Array(d));
  const cross = Array.from({ length: d }, () => new Float64Array(width));
  inputs.forEach((x, n) => {
    const y = outputs[n]!;
    for (let i = 0; i < d; i += 1) {
      for (let j = 0; j < d; j += 1) gram[i]![j]! += x[i]! * x[j]!;
      for (let k = 0; k < width; k += 1) cross[i]![k]! += x[i]! * y[k]!;
    }
  });
  for (let i = 0; i < d; i += 1) gram[i]![i]! += LAMBDA;
  // With the trust region's Gauss-Jordan inverse.
  return invert(gram).map((row) => {
    const out = new Float64Array(width);
    row.forEach((a, j) => {
      for (let k = 0; k < width; k += 1) out[k]! += a * cross[j]![k]!;
    });
    return out;
  });
}
const inputOf = (s: Sample) => [...s.point.slice(0, space.dimensions - 1), 12 * Math.log2(s.pitch)];

const measured = new Map(measuredBlends().map((m) => [`${m.blend}|${m.language}`, m.embedding]));
const used = samples.slice(0, COUNT).filter((s) => measured.has(`${s.base}:1|${s.language}`));
const rows = ridge(
  used.map(inputOf),
  used.map((s) => {
    const e = measured.get(`${s.base}:1|${s.language}`)!;
    return s.embedding.map((v, k) => v - e[k]!);
  }),
);

// The pitch row: the move's F0 change in semitones (the mean over the two sentences of each
// sentence's median against the unmoved pack's), per unit along each axis and per semitone of factor.
const packF0 = new Map<string, number[]>();
for (const s of samples.slice(0, F0_COUNT)) {
  if (packF0.has(s.base)) continue;
  const own: number[] = [];
  for (const text of probeSentences(s.language)) own.push(await f0Of(packVoice(s.base, s.language), text, s.language));
  packF0.set(s.base, own);
}
const semitonesOf = (s: Sample) => {
  const own = packF0.get(s.base)!;
  return (s.f0!.reduce((sum, hz, k) => sum + 12 * Math.log2(hz / own[k]!), 0) / 2);
};
const voiced = samples.slice(0, F0_COUNT).filter((s) => s.f0 !== undefined && [...s.f0, ...packF0.get(s.base)!].every((hz) => hz > 0));
const pitchRow = ridge(voiced.map(inputOf), voiced.map((s) => [semitonesOf(s)])).map((r) => r[0]!);
// Five-fold cross-validation of the pitch row, on stderr: how well a move's F0 change is predicted.
{
  let [residual, total] = [0, 0];
  const mean = voiced.reduce((sum, s) => sum + semitonesOf(s), 0) / voiced.length;
  for (let fold = 0; fold < 5; fold += 1) {
    const train = voiced.filter((_, n) => n % 5 !== fold);
    const row = ridge(train.map(inputOf), train.map((s) => [semitonesOf(s)])).map((r) => r[0]!);
    voiced.forEach((s, n) => {
      if (n % 5 !== fold) return;
      const predicted = inputOf(s).reduce((sum, x, i) => sum + x * row[i]!, 0);
      residual += (semitonesOf(s) - predicted) ** 2;
      total += (semitonesOf(s) - mean) ** 2;
    });
  }
  console.error(
    `pitch row: ${voiced.length} samples, cross-validated R² ${(1 - residual / total).toFixed(3)}, ` +
      `RMS error ${Math.sqrt(residual / voiced.length).toFixed(2)} semitones, per semitone of factor ${pitchRow.at(-1)!.toFixed(3)}`,
  );
}

const files = KOKORO_VOICE_IDS.map((id) => findPackFile(folders, KOKORO_PACK, [`voices/${id}.bin`])).filter((f): f is string => f !== null);
const packs = await Promise.all(
  files.map(async (file) => {
    const bytes = await readFile(file);
    return new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
  }),
);
const axes = styleAxes(packs);
await Promise.all([kokoro.close(), encoder.close()]);

const line = (r: { scale: number; bytes: string }) => `    { scale: ${r.scale}, bytes: '${r.bytes}' },`;
console.log(`// Generated by bench/kokoro-style-map.ts on kokoro-v1.0.int8.onnx, the kokoro-js voice packs and
// Resemblyzer 0.1.4's encoder (${used.length} samples, ${voiced.length} with F0, seed ${SEED}, ridge ${LAMBDA}). Do not edit.
/** A row as stored: each value as a signed byte (base64) of its row's largest magnitude, \`scale\`. */
export interface StoredRow {
  scale: number;
  bytes: string;
}

export const KOKORO_STYLE_MAP: { samples: number; axes: readonly StoredRow[]; rows: readonly StoredRow[]; pitch: readonly number[] } = {
  samples: ${used.length},
  /** The voice space's axes in style values (voice-space.ts, \`styleAxes\`). */
  axes: [
${axes.map((a) => line(storeRow(a))).join('\n')}
  ],
  /** W: the embedding's change per unit along each axis, then per semitone of pitch. */
  rows: [
${rows.map((r) => line(storeRow(r))).join('\n')}
  ],
  /** The voice's median F0 change in semitones per unit along each axis, then per semitone of pitch factor. */
  pitch: [${pitchRow.map((v) => Number(v.toFixed(4))).join(', ')}],
};`);
