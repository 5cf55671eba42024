/**
 * `npm run bench:intelligibility`: whether the words can be understood, per language and engine
 * (issue 30). Catalog presets of each language say eight everyday sentences (numbers, dates and
 * times among them: bench/intelligibility-sentences.ts) through POST /api/v1/tts on the real server,
 * on v-pro and v-flash; Whisper base (the voice-metrics kit's wer.py, offline) transcribes every clip.
 * Printed per language, model and engine: the corpus error rate (WER; CER for ja, zh, ko), NISQA
 * naturalness (median, quality kit) and DNSMOS overall (median, bench/dnsmos.ts, the second judge;
 * both skipped by `--no-nisqa`) and, where a natural recording of the language with its text is
 * at hand (scripts/fetch-bench-recordings.sh), the same recognizer on that natural speech: what the
 * recognizer itself gets wrong.
 *
 *   npm run bench:intelligibility [-- --only en,de] [--models v-pro,v-flash,v-lite] [--presets 3] [--fast] [--no-nisqa] [--json out.json]
 *
 * `--fast`: the Kokoro languages, one preset, v-pro, no NISQA (a few minutes).
 * Needs ../shared/voice-metrics (its venv is made by its setup.sh) and, for NISQA, ../shared/quality;
 * Kokoro's weights (test weights) for the neural languages.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PcmAudio } from '../src/audio/pcm.js';
import { decodeWav, encodeWav } from '../src/audio/wav.js';
import { startServer } from '../test/helpers/server.js';
import { REPO, table } from './common.js';
import { NEURAL_LANGUAGES, SENTENCES } from './intelligibility-sentences.js';
import { dnsmosScores } from './dnsmos.js';
import { median, nisqaScores } from './nisqa.js';
import { modelFolders } from './setup.js';
import { type Recognized, errorRate, kitPython, recognize, scoredInSimplified } from './voice-metrics.js';

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const fast = args.includes('--fast');
const withNisqa = !fast && !args.includes('--no-nisqa');
const presetsPer = Number(option('--presets') ?? (fast ? 1 : 3));
const models = option('--models')?.split(',') ?? (fast ? ['v-pro'] : ['v-pro', 'v-flash']);
const languages = option('--only')?.split(',') ?? (fast ? [...NEURAL_LANGUAGES] : Object.keys(SENTENCES));
const python = kitPython();
if (python === null) throw new Error('The voice-metrics kit (../shared/voice-metrics) is needed for the recognizer');
const work = path.join(tmpdir(), `voicelib-bench-intelligibility-${process.pid}`);
mkdirSync(work, { recursive: true });
const cache = process.env['VOICELIB_CACHE'] ?? path.join(process.env['HOME'] ?? tmpdir(), '.cache', 'voicelib');

const server = await startServer({
  RATE_LIMIT_PER_MINUTE: '1000000',
  MODELS_SEARCH_PATH: modelFolders().join(path.delimiter),
  MODELS_DIR: path.join(cache, 'bench-models'),
});
const { api_key: key } = await server.createAccount('pro', 100_000_000);

interface Clip {
  language: string;
  model: string;
  engine: string;
  voice: string;
  text: string;
  file: string;
  audio: PcmAudio;
}
const clips: Clip[] = [];
for (const language of languages) {
  const sentences = SENTENCES[language];
  if (!sentences) throw new Error(`No sentences written for "${language}" (bench/intelligibility-sentences.ts)`);
  const listed = await server.request('GET', `/api/v1/voices?type=preset&language=${language}&limit=100`, { key });
  const voices = (listed.body.voices as Array<{ id: string; name: string }>) ?? [];
  if (voices.length === 0) {
    console.error(`${language}: no presets`);
    continue;
  }
  // Spread over the list (presets are listed by language, then name): not only its first voices.
  const chosen = Array.from({ length: Math.min(presetsPer, voices.length) }, (_, i) => voices[Math.floor((i * voices.length) / Math.min(presetsPer, voices.length))]!);
  for (const model of models) {
    for (const voice of chosen) {
      for (const [n, text] of sentences.entries()) {
        const res = await server.request('POST', '/api/v1/tts', { key, body: { text, voice: voice.id, model, format: 'WAV' } });
        if (res.status !== 200) throw new Error(`${language} ${model} ${voice.name}: ${res.status} ${res.text.slice(0, 200)}`);
        const data = String(res.body.audio_base64);
        const audio = decodeWav(Buffer.from(data.slice(data.indexOf(',') + 1), 'base64'));
        const file = path.join(work, `${language}-${model}-${voice.id}-${n}.wav`);
        writeFileSync(file, encodeWav(audio, { encoding: 'pcm16' }));
        clips.push({ language, model, engine: res.headers.get('x-voice-engine') ?? '?', voice: voice.name, text, file, audio });
      }
    }
    console.error(`${language} ${model}: ${chosen.map((v) => v.name).join(', ')} spoken`);
  }
}
await server.close();

// Chinese scored on simplified characters (Whisper base often writes traditional ones).
const recognized = await Promise.all(
  recognize(python, clips.map((c) => ({ file: c.file, text: c.text, lang: c.language })), path.join(work, 'batch.json')).map(scoredInSimplified),
);
const byFile = new Map<string, Recognized>(recognized.map((r) => [r.file, r]));

/** The recognizer on natural speech of the language, where a recording and its text are at hand. */
const natural = new Map<string, number>();
if (!fast) {
  const dir = path.join(cache, 'bench-recordings');
  try {
    execFileSync('bash', [path.join(REPO, 'scripts', 'fetch-bench-recordings.sh'), dir], { stdio: ['ignore', 'ignore', 'inherit'] });
    const recordings = (JSON.parse(readFileSync(path.join(dir, 'recordings.json'), 'utf8')) as Array<{ language: string; transcript?: string; file: string }>)
      .filter((r) => r.transcript && languages.includes(r.language.split('-')[0]!));
    const results = recognize(
      python,
      recordings.map((r) => ({ file: path.join(dir, r.file), text: r.transcript!, lang: r.language.split('-')[0]! })),
      path.join(work, 'natural.json'),
    );
    for (const language of new Set(recordings.map((r) => r.language.split('-')[0]!))) {
      natural.set(language, errorRate(results.filter((_, i) => recordings[i]!.language.startsWith(language))));
    }
  } catch (err) {
    console.error(`natural recordings not measured: ${(err as Error).message.split('\n')[0]}`);
  }
}

interface Row {
  language: string;
  model: string;
  engine: string;
  voices: string[];
  clips: number;
  metric: string;
  errorRate: number;
  nisqa: number;
  /** DNSMOS overall (bench/dnsmos.ts), the second naturalness judge: median over the clips. */
  dnsmos: number;
  natural: number;
  worst: string;
}
const rows: Row[] = [];
const groups = new Map<string, Clip[]>();
for (const clip of clips) {
  const group = `${clip.language}\u0000${clip.model}\u0000${clip.engine}`;
  const members = groups.get(group);
  if (members) members.push(clip);
  else groups.set(group, [clip]);
}
for (const [group, members] of groups) {
  const [language, model, engine] = group.split('\u0000') as [string, string, string];
  const results = members.map((m) => byFile.get(m.file)!);
  const worst = results.reduce((a, b) => (b.errors / b.ref_units > a.errors / a.ref_units ? b : a));
  rows.push({
    language,
    model,
    engine,
    voices: [...new Set(members.map((m) => m.voice))],
    clips: members.length,
    metric: results[0]!.metric.toUpperCase(),
    errorRate: errorRate(results),
    nisqa: withNisqa ? median(await nisqaScores(members.map((m) => m.audio))) : Number.NaN,
    dnsmos: withNisqa ? median((await dnsmosScores(members.map((m) => m.audio))).map((s) => s.ovrl)) : Number.NaN,
    natural: natural.get(language) ?? Number.NaN,
    worst: `"${worst.text}" heard as "${worst.transcript}"`,
  });
}

const pct = (v: number) => (Number.isFinite(v) ? `${(v * 100).toFixed(1)} %` : '-');
console.log(`\nIntelligibility: Whisper base on ${presetsPer} preset(s) × 8 sentences per language, model and engine\n`);
table(
  ['language', 'model', 'engine', 'voices', 'clips', 'error', 'NISQA', 'DNSMOS', 'natural speech', 'worst sentence'],
  rows.map((r) => [
    r.language,
    r.model,
    r.engine,
    r.voices.join(', '),
    String(r.clips),
    `${pct(r.errorRate)} ${r.metric}`,
    Number.isFinite(r.nisqa) ? r.nisqa.toFixed(2) : '-',
    Number.isFinite(r.dnsmos) ? r.dnsmos.toFixed(2) : '-',
    pct(r.natural),
    r.worst.slice(0, 110),
  ]),
);
const out = option('--json');
if (out) writeFileSync(out, JSON.stringify({ presets: presetsPer, models, rows }, null, 1));
