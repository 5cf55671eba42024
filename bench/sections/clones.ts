import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { PcmAudio } from '../../src/audio/pcm.js';
import { decodeWav } from '../../src/audio/wav.js';
import { voicePitch } from '../../src/audio/analysis/voice/measure-pitch.js';
import { engineCounts, errorText, fmt, goal, goalTable, REF_DIR, SENTENCES, section, table } from '../common.js';
import { median } from '../nisqa.js';
import { type BenchServer, post } from '../setup.js';
import { scoreAll } from './per-engine.js';

/**
 * The quality kit's reference recordings (`REF_DIR`) carry no transcript or language tag; their
 * naturalness_results.csv scores them as English NISQA-TTS references, so they are cloned as en-US.
 */
const CLONE_LANGUAGE = 'en-US';
const CLONE_MODEL = 'v-pro';

/** NISQA of each reference clip as the original implementation scored it (ref/naturalness_results.csv). */
function publishedScores(): Map<string, number> {
  const file = path.join(REF_DIR, 'naturalness_results.csv');
  const scores = new Map<string, number>();
  if (!existsSync(file)) return scores;
  for (const line of readFileSync(file, 'utf8').split('\n').slice(1)) {
    const [name, mos] = line.split(',');
    if (name && mos) scores.set(name.trim(), Number(mos));
  }
  return scores;
}

interface CloneFigures {
  clip: string;
  recording: PcmAudio;
  recordingHz: number;
  error?: string;
  engines: string[];
  cloneHz: number;
  clips: { from: number; to: number };
}

/** c. Each reference recording cloned through the API, then speaking four sentences on v-pro. */
export async function clones(bench: BenchServer): Promise<void> {
  section('c. Clones of the reference recordings (POST /api/v1/voices/clones, then v-pro)');
  if (!existsSync(REF_DIR)) {
    console.log(`skipped: no recordings at ${REF_DIR}`);
    return;
  }
  const names = readdirSync(REF_DIR)
    .filter((name) => name.endsWith('.wav'))
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  console.log(
    `${names.length} recordings from ${REF_DIR}, each sent as the one sample of a clone (base64 of the file, ` +
      `language ${CLONE_LANGUAGE}, default options), then ${SENTENCES.length} Harvard sentences with the clone on ` +
      `${CLONE_MODEL} (WAV, 24 kHz). F0 = median over voiced 10 ms frames (voicePitch): the recording's, and the ` +
      "median of the clone's per-sentence medians; error = clone / recording - 1. NISQA: the clone's median over " +
      'its sentences, next to the recording scored here and as ref/naturalness_results.csv publishes it.\n',
  );
  const published = publishedScores();
  const clips: PcmAudio[] = [];
  const figures: CloneFigures[] = [];
  for (const clip of names) {
    const file = readFileSync(path.join(REF_DIR, clip));
    const recording = decodeWav(file);
    const figure: CloneFigures = {
      clip,
      recording,
      recordingHz: voicePitch(recording).medianHz,
      engines: [],
      cloneHz: Number.NaN,
      clips: { from: clips.length, to: clips.length },
    };
    figures.push(figure);
    try {
      const res = await fetch(`${bench.server.url}/api/v1/voices/clones`, {
        method: 'POST',
        headers: { authorization: `Bearer ${bench.key}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          name: `bench ${clip}`,
          language: CLONE_LANGUAGE,
          samples: [{ audio_base64: file.toString('base64') }],
        }),
      });
      const body = (await res.json()) as { id?: string; error?: { code?: string; message?: string } };
      if (res.status !== 200 || !body.id) {
        figure.error = `clone: HTTP ${res.status} ${body.error?.code ?? ''} ${body.error?.message ?? ''}`.slice(0, 80);
        continue;
      }
      const pitches: number[] = [];
      for (const sentence of SENTENCES) {
        const result = await post(bench, { text: sentence, voice: body.id, model: CLONE_MODEL, format: 'WAV' });
        if (result.audio === undefined) {
          figure.error = `tts: HTTP ${result.status}`;
          continue;
        }
        figure.engines.push(result.engine);
        clips.push(result.audio);
        pitches.push(voicePitch(result.audio).medianHz);
      }
      figure.cloneHz = median(pitches.filter((hz) => hz > 0));
      figure.clips.to = clips.length;
    } catch (error) {
      figure.error = errorText(error);
    }
  }
  // One scorer run: the clones' sentences, then the recordings themselves.
  const scored = await scoreAll([...clips, ...figures.map((f) => f.recording)]);
  const rows: string[][] = [];
  const cloneScores: number[] = [];
  const f0Errors: number[] = [];
  for (const [index, f] of figures.entries()) {
    const score = median(scored.scores.slice(f.clips.from, f.clips.to));
    const errorPercent = (f.cloneHz / f.recordingHz - 1) * 100;
    if (Number.isFinite(score)) cloneScores.push(score);
    if (Number.isFinite(errorPercent)) f0Errors.push(Math.abs(errorPercent));
    rows.push([
      f.clip,
      fmt(f.recording.samples.length / f.recording.sampleRate, 1),
      fmt(published.get(f.clip) ?? Number.NaN, 2),
      fmt(scored.scores[clips.length + index] ?? Number.NaN, 2),
      engineCounts(f.engines),
      fmt(score, 2),
      fmt(f.recordingHz),
      fmt(f.cloneHz),
      Number.isFinite(errorPercent) ? `${errorPercent >= 0 ? '+' : ''}${errorPercent.toFixed(1)}` : '-',
      f.error ?? '',
    ]);
  }
  table(
    ['clip', 'rec s', 'rec NISQA (csv)', 'rec NISQA', 'clone engine', 'clone NISQA', 'rec F0 Hz', 'clone F0 Hz', 'F0 err %', 'note'],
    rows,
    ['l', 'r', 'r', 'r', 'l', 'r', 'r', 'r', 'r', 'l'],
  );
  if (scored.note) console.log(`\nnaturalness not scored: ${scored.note}`);
  const naturalness = median(cloneScores);
  const f0Error = median(f0Errors);
  goalTable([
    goal(`clones of the ${names.length} clips, NISQA median`, naturalness, '>= 3.5', naturalness >= 3.5),
    goal('clones, median |F0 error| %', f0Error, '<= 5', f0Error <= 5, 1),
  ]);
}
