/**
 * Clone fidelity: 17 "recordings" spanning deep male to child-like voices in five accents (espeak-ng,
 * Flite and Pico speech pushed off every stock voice with sox/ffmpeg pitch, vocal-tract and tempo changes, encoded
 * as MP3/Ogg/FLAC/M4A/WAV at 16–48 kHz and decoded at 32 kHz like an upload) are measured, cloned
 * with `realizeClone`, and the clone (espeak-ng + transform) says the recording's own sentence.
 * Pass: the clone's median F0 is within 5 % of the recording's, and its long-term spectrum is
 * closer to the recording's than the nearest preset of that language saying the same sentence.
 * Where the clone also has a realization on a stock-voice engine (Flite; SVOX Pico when its
 * lingware is found), that realization is fitted too and the clone says the sentence there: a
 * second table compares its F0 and long-term spectrum with the stock voice's own, untreated.
 * Prints tables; quality misses are reported, never an exit code.
 *
 *   npx tsc -p tsconfig.json && node dist/bench/clone-fidelity.js [label filter]
 */
import { longTermSpectrum, spectralDistance } from '../src/audio/analysis/spectrum.js';
import type { SpeechEngine } from '../src/speech/engine.js';
import { createEspeakEngine } from '../src/speech/engines/espeak-ng/index.js';
import { createFliteEngine } from '../src/speech/engines/flite/index.js';
import { PRESETS } from '../src/voices/catalog/catalog.js';
import { measureTraits } from '../src/audio/analysis/voice/measure.js';
import { voicePitch } from '../src/audio/analysis/voice/measure-pitch.js';
import { benchPicoEngine } from './pico.js';
import { realizeClone } from '../src/voices/clone/realize.js';
import { renderIdentity } from '../src/voices/render-identity.js';
import { makeRecording, type RecordingSpec, vocalTractFilter } from '../test/voices/recordings.js';

const DECODE_RATE = 32000;
const voice = (id: string, variant: string, params: Record<string, number> = {}) => ({
  id,
  params: { variant, ...params },
});

/** A recording and the engine that speaks it: espeak-ng unless `source` names a stock-voice engine. */
type BenchRecording = RecordingSpec & { source?: 'flite' | 'svox-pico' };

const RECORDINGS: BenchRecording[] = [
  { label: 'deep male', language: 'en-US', voice: voice('gmw/en-US', 'm8', { pitch: 20 }), filter: vocalTractFilter(0.93), format: 'mp3', sampleRate: 44100 },
  { label: 'low male, slow', language: 'en-US', voice: voice('gmw/en-US', 'm1', { pitch: 35, rate: 140 }), format: 'm4a', sampleRate: 48000 },
  { label: 'male, long tract', language: 'en-GB', voice: voice('gmw/en', 'm6', { pitch: 45 }), filter: vocalTractFilter(0.9), format: 'flac', sampleRate: 22050 },
  { label: 'mid male, fast', language: 'en-GB', voice: voice('gmw/en', 'm3', { pitch: 60 }), filter: 'atempo=1.2', format: 'ogg', sampleRate: 32000 },
  { label: 'high male', language: 'en-US', voice: voice('gmw/en-US', 'm2', { pitch: 80, range: 70 }), format: 'wav', sampleRate: 16000 },
  { label: 'tenor, short tract', language: 'es-ES', voice: voice('roa/es', 'm7', { pitch: 70 }), filter: vocalTractFilter(1.08), format: 'mp3', sampleRate: 44100 },
  { label: 'low male, French', language: 'fr-FR', voice: voice('roa/fr', 'm5', { pitch: 30 }), format: 'ogg', sampleRate: 48000 },
  { label: 'neutral', language: 'de-DE', voice: voice('gmw/de', 'f1', { pitch: 10 }), filter: vocalTractFilter(0.95), format: 'm4a', sampleRate: 44100 },
  { label: 'low female', language: 'en-US', voice: voice('gmw/en-US', 'f4', { pitch: 30 }), format: 'flac', sampleRate: 44100 },
  { label: 'female, German', language: 'de-DE', voice: voice('gmw/de', 'f2', { pitch: 50 }), sox: ['pitch', '100'], format: 'mp3', sampleRate: 24000 },
  { label: 'female, Spanish', language: 'es-ES', voice: voice('roa/es', 'f1', { pitch: 70 }), filter: vocalTractFilter(1.05), format: 'wav', sampleRate: 22050 },
  { label: 'high female', language: 'en-US', voice: voice('gmw/en-US', 'f3', { pitch: 70 }), sox: ['pitch', '200'], format: 'ogg', sampleRate: 48000 },
  { label: 'high female, French', language: 'fr-FR', voice: voice('roa/fr', 'Annie', { pitch: 75 }), format: 'm4a', sampleRate: 32000 },
  { label: 'child-like', language: 'en-GB', voice: voice('gmw/en', 'linda', { pitch: 80 }), filter: vocalTractFilter(1.12), format: 'mp3', sampleRate: 44100 },
  // Other engines' voices, pushed off their stock sound the same way.
  { label: 'Scottish male (Flite awb), lowered', language: 'en-GB', source: 'flite', voice: { id: 'awb', params: {} }, sox: ['pitch', '-200'], format: 'mp3', sampleRate: 44100 },
  { label: 'female (Flite slt), short tract', language: 'en-US', source: 'flite', voice: { id: 'slt', params: {} }, filter: vocalTractFilter(1.06), format: 'ogg', sampleRate: 24000 },
  { label: 'low female, German (Pico)', language: 'de-DE', source: 'svox-pico', voice: { id: 'de-DE', params: {} }, sox: ['pitch', '-250'], filter: vocalTractFilter(0.97), format: 'm4a', sampleRate: 44100 },
];

/** One clone of one recording: without or with its transcript. */
interface CloneResult {
  cloneHz: number;
  errorPercent: number;
  cloneDb: number;
  seconds: number;
  pass: boolean;
}

interface Row {
  label: string;
  format: string;
  recordingHz: number;
  nearestDb: number;
  nearest: string;
  audioOnly: CloneResult;
  withTranscript: CloneResult;
}

const engine = createEspeakEngine({ threads: 1 });
const pico = benchPicoEngine({ reference: engine });
const stockEngines: SpeechEngine[] = [createFliteEngine({ threads: 1 })];
if (await pico.isAvailable()) stockEngines.push(pico);
else console.log('SVOX Pico lingware not found (MODELS_SEARCH_PATH or ../shared/models): no Pico rows.\n');

/** The clone on a stock-voice engine, against that engine's voice untreated. */
interface StockRow {
  label: string;
  engine: string;
  recordingHz: number;
  cloneHz: number;
  errorPercent: number;
  cloneDb: number;
  untreatedHz: number;
  untreatedDb: number;
}
const stockRows: StockRow[] = [];

/** Long-term spectra of every preset of a language saying that language's sentence. */
const presetSpectra = new Map<string, Array<{ slug: string; spectrum: Float32Array }>>();

async function presetsSaying(language: string, text: string) {
  const base = language.split('-')[0] ?? language;
  let spectra = presetSpectra.get(base);
  if (spectra === undefined) {
    spectra = [];
    for (const preset of PRESETS.filter((candidate) => candidate.languages[0] === base)) {
      const { audio } = await engine.synthesize({
        text,
        language: preset.language_code,
        voice: preset.identity.engines['espeak-ng']!,
        speed: 1,
        variation: 0.5,
      });
      spectra.push({ slug: preset.slug, spectrum: longTermSpectrum(audio) });
    }
    presetSpectra.set(base, spectra);
  }
  return spectra;
}

/** `node dist/bench/clone-fidelity.js male` runs only the recordings whose label contains "male". */
const only = process.argv[2];
const rows: Row[] = [];
for (const spec of RECORDINGS.filter((recording) => only === undefined || recording.label.includes(only))) {
  const source = spec.source === undefined ? engine : stockEngines.find((stock) => stock.info.id === spec.source);
  if (source === undefined) {
    console.log(`${spec.label}: skipped, ${spec.source} is not installed.`);
    continue;
  }
  const recording = await makeRecording(source, spec, DECODE_RATE);
  const spectrum = longTermSpectrum(recording.pcm);
  const recordingHz = voicePitch(recording.pcm).medianHz;
  let nearest = { slug: '-', distance: Number.POSITIVE_INFINITY };
  for (const preset of await presetsSaying(spec.language, recording.text)) {
    const distance = spectralDistance(spectrum, preset.spectrum);
    if (distance < nearest.distance) nearest = { slug: preset.slug, distance };
  }
  const cloneOnce = async (transcript: string | undefined): Promise<CloneResult> => {
    const started = performance.now();
    const traits = measureTraits(recording.pcm, {
      language: spec.language,
      ...(transcript === undefined ? {} : { transcript }),
    });
    const identity = await realizeClone(traits, {
      language: spec.language,
      gender: traits.gender,
      longTermSpectrum: spectrum,
      sampleRate: DECODE_RATE,
      engine,
      stockEngines,
      ...(transcript === undefined ? {} : { transcript }),
    });
    const seconds = (performance.now() - started) / 1000;
    const clone = await renderIdentity(engine, identity, recording.text, spec.language);
    const cloneHz = voicePitch(clone).medianHz;
    const cloneDb = spectralDistance(spectrum, longTermSpectrum(clone));
    const errorPercent = (100 * (cloneHz - recordingHz)) / recordingHz;
    if (transcript === undefined) {
      for (const stock of stockEngines) {
        const realization = identity.engines[stock.info.id];
        if (realization === undefined) continue;
        const onStock = await renderIdentity(stock, identity, recording.text, spec.language);
        const untreated = (
          await stock.synthesize({ text: recording.text, language: spec.language, voice: { id: realization.id }, speed: 1, variation: 0.5 })
        ).audio;
        const stockHz = voicePitch(onStock).medianHz;
        stockRows.push({
          label: spec.label,
          engine: `${stock.info.id} ${realization.id}`,
          recordingHz,
          cloneHz: stockHz,
          errorPercent: (100 * (stockHz - recordingHz)) / recordingHz,
          cloneDb: spectralDistance(spectrum, longTermSpectrum(onStock)),
          untreatedHz: voicePitch(untreated).medianHz,
          untreatedDb: spectralDistance(spectrum, longTermSpectrum(untreated)),
        });
      }
    }
    return { cloneHz, errorPercent, cloneDb, seconds, pass: Math.abs(errorPercent) <= 5 && cloneDb < nearest.distance };
  };
  rows.push({
    label: spec.label,
    format: `${spec.format} ${spec.sampleRate / 1000}k`,
    recordingHz,
    nearestDb: nearest.distance,
    nearest: nearest.slug,
    audioOnly: await cloneOnce(undefined),
    withTranscript: await cloneOnce(recording.text),
  });
}
await Promise.all([engine.close(), ...stockEngines.map((stock) => stock.close())]);

const signed = (value: number): string => `${value >= 0 ? '+' : ''}${value.toFixed(1)} %`;
console.log(
  '| Recording | File | Rec. F0 (Hz) | Clone F0 (Hz) | F0 error | LTS clone (dB) | Realize (s) | Result | With transcript: F0 error | LTS clone (dB) | Result | LTS nearest preset (dB) | Nearest preset |',
);
console.log('|---|---|---:|---:|---:|---:|---:|---|---:|---:|---|---:|---|');
for (const row of rows) {
  const [a, t] = [row.audioOnly, row.withTranscript];
  console.log(
    `| ${row.label} | ${row.format} | ${row.recordingHz.toFixed(1)} | ${a.cloneHz.toFixed(1)} | ${signed(a.errorPercent)} | ${a.cloneDb.toFixed(2)} | ${a.seconds.toFixed(1)} | ${a.pass ? 'pass' : 'FAIL'} | ${signed(t.errorPercent)} | ${t.cloneDb.toFixed(2)} | ${t.pass ? 'pass' : 'FAIL'} | ${row.nearestDb.toFixed(2)} | ${row.nearest} |`,
  );
}
const pitches = rows.map((row) => row.recordingHz);
console.log(`\nRecordings span ${Math.min(...pitches).toFixed(0)}–${Math.max(...pitches).toFixed(0)} Hz.`);
for (const [label, pick] of [
  ['Audio only', (row: Row) => row.audioOnly],
  ['With transcript', (row: Row) => row.withTranscript],
] as const) {
  const results = rows.map(pick);
  const errors = results.map((result) => Math.abs(result.errorPercent));
  console.log(
    `${label}: ${results.filter((result) => result.pass).length}/${rows.length} pass; ` +
      `F0 error mean ${mean(errors).toFixed(1)} %, worst ${Math.max(...errors).toFixed(1)} %, within 5 %: ${errors.filter((error) => error <= 5).length}/${rows.length}; ` +
      `spectrally closer than the nearest preset: ${rows.filter((row) => pick(row).cloneDb < row.nearestDb).length}/${rows.length} ` +
      `(mean ${mean(results.map((result) => result.cloneDb)).toFixed(2)} dB vs ${mean(rows.map((row) => row.nearestDb)).toFixed(2)} dB); ` +
      `realize ${mean(results.map((result) => result.seconds)).toFixed(1)} s on average.`,
  );
}

if (stockRows.length > 0) {
  console.log('\nThe same clones (audio only) on stock-voice engines, against the stock voice untreated:\n');
  console.log('| Recording | Engine voice | Rec. F0 (Hz) | Clone F0 (Hz) | F0 error | LTS clone (dB) | Stock voice F0 (Hz) | LTS stock voice (dB) |');
  console.log('|---|---|---:|---:|---:|---:|---:|---:|');
  for (const row of stockRows) {
    console.log(
      `| ${row.label} | ${row.engine} | ${row.recordingHz.toFixed(1)} | ${row.cloneHz.toFixed(1)} | ${signed(row.errorPercent)} | ${row.cloneDb.toFixed(2)} | ${row.untreatedHz.toFixed(1)} | ${row.untreatedDb.toFixed(2)} |`,
    );
  }
  const within = stockRows.filter((row) => Math.abs(row.errorPercent) <= 5).length;
  const closer = stockRows.filter((row) => row.cloneDb < row.untreatedDb).length;
  console.log(
    `\nStock engines: F0 within 5 %: ${within}/${stockRows.length}; spectrally closer to the recording than the untreated voice: ${closer}/${stockRows.length} ` +
      `(mean ${mean(stockRows.map((row) => row.cloneDb)).toFixed(2)} dB vs ${mean(stockRows.map((row) => row.untreatedDb)).toFixed(2)} dB).`,
  );
}

function mean(values: number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}
