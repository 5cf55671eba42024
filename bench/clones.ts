/**
 * `npm run bench:clones`: how much a clone sounds like its speaker, per natural recording, as a new
 * user meets it. Each recording (scripts/fetch-bench-recordings.sh: the voice-metrics kit's three
 * and every other natural recording of known licence found in packages) is cut in two: the first
 * 60 % is uploaded to POST /api/v1/voices/clones on the real server (no transcript), the rest is
 * held out. The clone then says four sentences of its language on v-pro right after it is made
 * (instant) and after its refinement (refined, run to its end in the same server's data); every
 * preset of the language says them too. Printed per recording, against the held-out audio:
 *
 * - speaker similarity on the service's encoder (Resemblyzer GE2E) and on a second, independent one
 *   (the kit's sim2.py, VoiceFilter d-vector, ONNX): the same-speaker ceiling (uploaded part vs held
 *   out), instant clone, refined clone, best preset of the language (best on each encoder);
 * - NISQA naturalness (quality kit), WER (Whisper base, kit's wer.py; the best preset's too: what the
 *   language's text handling and the recognizer allow on these sentences), the F0 error of the refined
 *   clone against the uploaded part (what it was given), the clone saying the recording's own words where its text is
 *   known (else the four sentences), and the refinement's CPU seconds.
 *
 * Needs the Kokoro weights and the speaker encoder (test weights), ../shared/voice-metrics (its venv
 * is made by its setup.sh) and ../shared/quality. About 8 minutes per recording on 2 cores, most of
 * it the refinement (REFINE_CPU_SECONDS, default 600; `--budget S` for a quicker, weaker run;
 * `--evaluations N` for a fixed amount of search, the same result however busy the machine is).
 *
 *   npm run bench:clones [-- --only jfk,beckett] [--budget 120] [--evaluations 100] [--json out.json]
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { concatPcm } from '../src/audio/silence.js';
import type { PcmAudio } from '../src/audio/pcm.js';
import { SpeakerEncoder, speakerSimilarity } from '../src/audio/analysis/speaker/speaker-encoder.js';
import { decodeWav, encodeWav } from '../src/audio/wav.js';
import { voicePitch } from '../src/audio/analysis/voice/measure-pitch.js';
import { freshDatabase } from '../test/helpers/database.js';
import { startServer, type TestServer } from '../test/helpers/server.js';
import { REPO, table } from './common.js';
import { nisqaScores } from './nisqa.js';
import { KIT, errorRate, kitPython, recognize } from './voice-metrics.js';
import { modelFolders } from './setup.js';

/** Four everyday sentences per language: Harvard list 1 in English, plain statements elsewhere. */
const SENTENCES: Record<string, string[]> = {
  en: [
    'The birch canoe slid on the smooth planks.',
    'Glue the sheet to the dark blue background.',
    'It is easy to tell the depth of a well.',
    'These days a chicken leg is a rare dish.',
  ],
  es: ['El tren sale de la estación a las ocho.', 'Mi hermana compra pan fresco cada mañana.', 'La casa tiene un jardín muy grande.', 'Hoy el cielo está claro y hace calor.'],
  fr: ['Le train part de la gare à huit heures.', 'Ma sœur achète du pain frais chaque matin.', 'La maison a un très grand jardin.', "Aujourd'hui le ciel est clair et il fait chaud."],
  it: ['Il treno parte dalla stazione alle otto.', 'Mia sorella compra il pane fresco ogni mattina.', 'La casa ha un giardino molto grande.', 'Oggi il cielo è sereno e fa caldo.'],
};

interface Recording {
  name: string;
  file: string;
  language: string;
  speaker: string;
  licence: string;
  /** What the whole recording says, when its package gives it. */
  transcript?: string;
}

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const only = option('--only')?.split(',');
const evaluations = option('--evaluations');
// A fixed number of evaluations makes runs comparable on a busy machine (a CPU budget buys fewer
// there); the CPU budget is then only a backstop.
const budget = option('--budget') ?? (evaluations === undefined ? '600' : '3600');
const work = path.join(tmpdir(), `voicelib-bench-clones-${process.pid}`);
mkdirSync(work, { recursive: true });

const cache = process.env['VOICELIB_CACHE'] ?? path.join(process.env['HOME'] ?? tmpdir(), '.cache', 'voicelib');
const recordingsDir = path.join(cache, 'bench-recordings');
execFileSync('bash', [path.join(REPO, 'scripts', 'fetch-bench-recordings.sh'), recordingsDir], { stdio: 'inherit' });
const python = kitPython() ?? (() => { throw new Error(`The voice-metrics kit is not at ${KIT}`); })();

const recordings = (JSON.parse(readFileSync(path.join(recordingsDir, 'recordings.json'), 'utf8')) as Recording[]).filter(
  (r) => only === undefined || only.includes(r.name),
);
const folders = modelFolders();
const encoder = await SpeakerEncoder.find(folders);
if (encoder === null) throw new Error(`The speaker encoder is not installed in ${folders.join(', ')} (scripts/fetch-test-models.sh)`);

const wav = (name: string, audio: PcmAudio) => {
  const file = path.join(work, `${name}.wav`);
  writeFileSync(file, encodeWav(audio, { encoding: 'pcm16' }));
  return file;
};
const base = (tag: string) => tag.split('-')[0]!;

/** Each file's similarity to `reference` on the kit's second encoder (sim2.py). */
function secondEncoder(reference: string, files: string[]): number[] {
  const out = execFileSync(python, [path.join(KIT, 'sim2.py'), reference, ...files], { encoding: 'utf8' });
  const results = (JSON.parse(out) as { results: Array<{ similarity: number }> }).results;
  return results.map((r) => r.similarity);
}

/** Corpus WER (Whisper base) of clips saying `texts`. */
function wordErrorRate(files: string[], texts: string[], language: string): number {
  const items = files.map((file, i) => ({ file, text: texts[i]!, lang: base(language) }));
  return errorRate(recognize(python, items, path.join(work, `wer-${Date.now()}.json`)));
}

async function speak(server: TestServer, key: string, voice: string, texts: string[]): Promise<PcmAudio[]> {
  const clips: PcmAudio[] = [];
  for (const text of texts) {
    const res = await server.request('POST', '/api/v1/tts', { key, body: { text, voice, model: 'v-pro', format: 'WAV' } });
    if (res.status !== 200) throw new Error(`tts ${res.status}: ${res.text.slice(0, 200)}`);
    const data = String(res.body.audio_base64);
    clips.push(decodeWav(Buffer.from(data.slice(data.indexOf(',') + 1), 'base64')));
  }
  return clips;
}

const env = {
  RATE_LIMIT_PER_MINUTE: '1000000',
  RATE_LIMIT_VOICE_PER_HOUR: '1000000',
  MODELS_SEARCH_PATH: folders.join(path.delimiter),
  // One prepared Kokoro model for every server of the run (preparing it takes ~20 s of CPU).
  MODELS_DIR: path.join(cache, 'bench-models'),
  REFINE_CPU_SECONDS: budget,
  ...(evaluations === undefined ? {} : { REFINE_MAX_EVALUATIONS: evaluations }),
};

/** Every preset of a language as v-pro speaks the sentences (made once per language). */
const presetClips = new Map<string, Array<{ id: string; name: string; clips: PcmAudio[]; clip: PcmAudio; file: string; embedding: Float32Array; wer?: number }>>();

interface Row {
  name: string;
  language: string;
  seconds: number;
  ceiling: [number, number];
  instant: [number, number];
  refined: [number, number];
  preset: [number, number];
  presetName: string;
  nisqa: [number, number, number];
  /** Instant, refined, and the best preset on the same sentences (what the language's text handling and the recognizer allow). */
  wer: [number, number, number];
  f0Error: number;
  f0Text: string;
  cpuSeconds: number;
  refinement: string;
}
const rows: Row[] = [];

for (const recording of recordings) {
  const whole = decodeWav(readFileSync(path.join(recordingsDir, recording.file)));
  const cut = Math.floor(whole.samples.length * 0.6);
  const upload = { sampleRate: whole.sampleRate, samples: whole.samples.slice(0, cut) };
  const held = { sampleRate: whole.sampleRate, samples: whole.samples.slice(cut) };
  const heldFile = wav(`${recording.name}-held`, held);
  const uploadFile = wav(`${recording.name}-upload`, upload);
  const texts = SENTENCES[base(recording.language)]!;
  const database = await freshDatabase();
  const reuse = { databaseUrl: database.url, dataDir: database.dir };
  // First without refinement: the instant clone and the presets.
  let server = await startServer({ ...env, REFINE_CONCURRENCY: '0' }, { reuse });
  const account = await server.createAccount('pro', 10_000_000);
  const made = await server.request('POST', '/api/v1/voices/clones', {
    key: account.api_key,
    body: { name: recording.name, language: recording.language, samples: [{ audio_base64: readFileSync(uploadFile).toString('base64') }] },
  });
  if (made.status !== 201 && made.status !== 200) throw new Error(`clone ${made.status}: ${made.text}`);
  const voiceId = String(made.body.id);
  const instant = await speak(server, account.api_key, voiceId, texts);
  const language = base(recording.language);
  if (!presetClips.has(language)) {
    const list = await server.request('GET', `/api/v1/voices?type=preset&language=${language}`, { key: account.api_key });
    const presets = [];
    for (const voice of list.body.voices as Array<{ id: string; name: string }>) {
      const clips = await speak(server, account.api_key, voice.id, texts);
      const clip = concatPcm(clips);
      presets.push({ id: voice.id, name: voice.name, clips, clip, file: wav(`preset-${voice.id}`, clip), embedding: (await encoder.embed(clip))! });
    }
    presetClips.set(language, presets);
  }
  await server.close();
  // Then the refinement, run to its end by a server on the same data.
  server = await startServer({ ...env, REFINE_CONCURRENCY: '1' }, { reuse });
  const started = performance.now();
  let refinement = { status: 'none', cpu_seconds: 0, evaluations: 0 } as { status: string; cpu_seconds: number; evaluations: number };
  for (;;) {
    const row = await server.container.database.db.selectFrom('voice_refinements').selectAll().where('voice_id', '=', voiceId).executeTakeFirst();
    if (row === undefined || row.status === 'done' || row.status === 'failed') {
      refinement = row ?? refinement;
      break;
    }
    await new Promise((r) => setTimeout(r, 2000));
  }
  const refinedClips = await speak(server, account.api_key, voiceId, texts);
  // F0 on the same words as the recording where its text is known (sentence length moves a voice's
  // median F0 by several percent: Kokoro reads short sentences higher), else on the four sentences.
  const ownWords = recording.transcript ? await speak(server, account.api_key, voiceId, [recording.transcript]) : refinedClips;
  await server.close();
  await database.drop();

  const [instantClip, refinedClip] = [concatPcm(instant), concatPcm(refinedClips)];
  const heldEmbedding = (await encoder.embed(held))!;
  const sim = async (audio: PcmAudio) => speakerSimilarity((await encoder.embed(audio))!, heldEmbedding);
  const presets = presetClips.get(language)!;
  const presetSims = presets.map((p) => speakerSimilarity(p.embedding, heldEmbedding));
  const bestPreset = presetSims.indexOf(Math.max(...presetSims));
  const files = [uploadFile, wav(`${recording.name}-instant`, instantClip), wav(`${recording.name}-refined`, refinedClip)];
  const second = secondEncoder(heldFile, [...files, ...presets.map((p) => p.file)]);
  const best = presets[bestPreset]!;
  const [nisqaInstant, nisqaRefined, nisqaPreset] = await nisqaScores([instantClip, refinedClip, best.clip]);
  const sentenceFiles = (clips: PcmAudio[], tag: string) => clips.map((clip, i) => wav(`${recording.name}-${tag}-${i}`, clip));
  best.wer ??= wordErrorRate(sentenceFiles(best.clips, `p-${best.id}`), texts, recording.language);
  // Against what the clone was given: a short clip's two parts can differ by an octave's third
  // (clone-test: 283 Hz in its first 60 %, 179 Hz in the rest).
  const recordingF0 = voicePitch(upload).medianHz;
  rows.push({
    name: recording.name,
    language: recording.language,
    seconds: whole.samples.length / whole.sampleRate,
    ceiling: [await sim(upload), second[0]!],
    instant: [await sim(instantClip), second[1]!],
    refined: [await sim(refinedClip), second[2]!],
    preset: [presetSims[bestPreset]!, Math.max(...second.slice(3))],
    presetName: best.name,
    nisqa: [nisqaInstant!, nisqaRefined!, nisqaPreset!],
    wer: [wordErrorRate(sentenceFiles(instant, 'i'), texts, recording.language), wordErrorRate(sentenceFiles(refinedClips, 'r'), texts, recording.language), best.wer],
    f0Error: (voicePitch(concatPcm(ownWords)).medianHz / recordingF0 - 1) * 100,
    f0Text: recording.transcript ? 'own words' : 'four sentences',
    cpuSeconds: refinement.cpu_seconds,
    // Evaluations: a CPU budget buys fewer of them on a busy machine, so runs of the same code differ.
    refinement: `${refinement.status} in ${((performance.now() - started) / 1000).toFixed(0)} s, ${refinement.evaluations} evaluations`,
  });
  console.error(JSON.stringify(rows.at(-1)));
}
await encoder.close();

const f = (v: number, d = 3) => (Number.isFinite(v) ? v.toFixed(d) : '-');
console.log(`\nClone identity per recording (similarity to the held-out 40 %: Resemblyzer / second encoder), refinement budget ${budget} CPU s${evaluations === undefined ? '' : `, at most ${evaluations} evaluations`}\n`);
table(
  ['recording', 'lang', 's', 'ceiling', 'instant', 'refined', 'best preset', 'NISQA i/r/p', 'WER i/r/p', 'F0 err', 'CPU s', 'refinement'],
  rows.map((r) => [
    r.name,
    r.language,
    r.seconds.toFixed(0),
    `${f(r.ceiling[0])} / ${f(r.ceiling[1])}`,
    `${f(r.instant[0])} / ${f(r.instant[1])}`,
    `${f(r.refined[0])} / ${f(r.refined[1])}`,
    `${f(r.preset[0])} / ${f(r.preset[1])} (${r.presetName})`,
    `${f(r.nisqa[0], 2)} / ${f(r.nisqa[1], 2)} / ${f(r.nisqa[2], 2)}`,
    `${f(r.wer[0] * 100, 1)} / ${f(r.wer[1] * 100, 1)} / ${f(r.wer[2] * 100, 1)} %`,
    `${f(r.f0Error, 1)} %`,
    f(r.cpuSeconds, 0),
    r.refinement,
  ]),
);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
console.log(
  `\nMedians: refined ${f(median(rows.map((r) => r.refined[0])))} / ${f(median(rows.map((r) => r.refined[1])))}, ` +
    `instant ${f(median(rows.map((r) => r.instant[0])))} / ${f(median(rows.map((r) => r.instant[1])))}, ` +
    `best preset ${f(median(rows.map((r) => r.preset[0])))} / ${f(median(rows.map((r) => r.preset[1])))}` +
    `\nRefined above the best preset: ${rows.filter((r) => r.refined[0] > r.preset[0]).length}/${rows.length} (Resemblyzer), ` +
    `${rows.filter((r) => r.refined[1] > r.preset[1]).length}/${rows.length} (second encoder); ` +
    `instant above: ${rows.filter((r) => r.instant[0] > r.preset[0]).length}/${rows.length}, ${rows.filter((r) => r.instant[1] > r.preset[1]).length}/${rows.length}`,
);
const out = option('--json');
if (out) writeFileSync(out, JSON.stringify({ budget: Number(budget), ...(evaluations === undefined ? {} : { evaluations: Number(evaluations) }), rows }, null, 1));
