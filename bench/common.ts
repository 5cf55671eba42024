/**
 * Texts, timing and table helpers shared by the sections of `bench/run.ts`.
 */
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PcmAudio } from '../src/audio/pcm.js';
import type { SpeechEngine, SynthesisInput } from '../src/speech/engine.js';
import { median } from './nisqa.js';

export { median };

/** The repository root (this file runs from dist/bench/). */
export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The quality kit's natural reference recordings (ref/*.wav and their published NISQA scores). */
export const REF_DIR = path.resolve(REPO, process.env['VOICELIB_QUALITY_DIR'] ?? '../shared/quality', 'ref');
const BENCH_STARTED = performance.now();

// ---------------------------------------------------------------------------------------------
// Texts

const HARVARD =
  'The birch canoe slid on the smooth planks. Glue the sheet to the dark blue background. It is easy to ' +
  'tell the depth of a well. These days a chicken leg is a rare dish. Rice is often served in round bowls. ' +
  'The juice of lemons makes fine punch. The box was thrown beside the parked truck. The hogs were fed ' +
  'chopped corn and garbage. Four hours of steady work faced us. A large size in stockings is hard to sell. ' +
  'The boy was there when the sun rose. A rod is used to catch pink salmon. The source of the huge river is ' +
  'the clear spring. Kick the ball straight and follow through. Help the woman get back to her feet. A pot ' +
  "of tea helps to pass the evening. Smoky fires lack flame and heat. The soft cushion broke the man's fall. " +
  'The salt breeze came across from the sea. The girl at the booth sold fifty bonds. The small pup gnawed ' +
  'a hole in the sock. The fish twisted and turned on the bent hook. Press the pants and sew a button on the vest. ' +
  'The swan dive was far short of perfect. The beauty of the view stunned the young boy. Two blue fish swam in ' +
  'the tank. Her purse was full of useless trash. The colt reared and threw the tall rider. It snowed, rained, ' +
  'and hailed the same morning. Read verse out loud for pleasure. Hoist the load to your left shoulder. Take ' +
  'the winding path to reach the lake. Note closely the size of the gas tank. Wipe the grease off his dirty ' +
  'face. Mend the coat before you go out. The wrist was badly strained and hung limp. The stray cat gave birth ' +
  'to kittens. The young girl gave no clear response. The meal was cooked before the bell rang. What joy there ' +
  'is in living. A king ruled the state in the early days. The ship was torn apart on the sharp reef. Sickness ' +
  'kept him home the third week. The wide road shimmered in the hot sun. The lazy cow lay in the cool grass. ' +
  'Lift the square stone over the fence. The rope will bind the seven books at once. Hop over the fence and ' +
  'plunge in. The friendly gang left the drug store. Mesh wire keeps chicks inside. The frosty air passed ' +
  'through the coat. The crooked maze failed to fool the mouse. Adding fast leads to wrong sums. The show was ' +
  'a flop from the very start. A saw is a tool used for making boards. The wagon moved on well oiled wheels.';

/** Cuts at the last sentence end at or before `max` characters. */
function upTo(max: number): string {
  const cut = HARVARD.slice(0, max);
  const end = cut.lastIndexOf('.');
  return end > 0 ? cut.slice(0, end + 1) : cut;
}

export const SHORT = `${upTo(90)} It is easy.`; // ~100 characters
export const LONG = upTo(2000); // ~2,000 characters (the API's maximum)
export const NATURALNESS_TEXT =
  'The birch canoe slid on the smooth planks. Glue the sheet to the dark blue background. ' +
  'It is easy to tell the depth of a well.';
/** The four Harvard sentences every naturalness median of sections a-c is taken over, one clip each. */
export const SENTENCES: readonly string[] = [
  'The birch canoe slid on the smooth planks.',
  'Glue the sheet to the dark blue background.',
  'It is easy to tell the depth of a well.',
  'These days a chicken leg is a rare dish.',
];
/** First sentence of SHORT and LONG alike: what a sentence-by-sentence player would hear first. */
export const FIRST_SENTENCE = SENTENCES[0]!;

// ---------------------------------------------------------------------------------------------
// Helpers

export const seconds = (audio: PcmAudio): number => audio.samples.length / audio.sampleRate;
export const fmt = (value: number, digits = 0): string => (Number.isFinite(value) ? value.toFixed(digits) : '-');
export const load = (): string =>
  loadavg()
    .map((v) => v.toFixed(2))
    .join(' ');
export const elapsed = (): string => `${((performance.now() - BENCH_STARTED) / 1000).toFixed(0)} s`;
export const errorText = (error: unknown, max = 60): string => (error as Error).message.split('\n')[0]!.slice(0, max);

export function table(headers: string[], rows: string[][], align: Array<'l' | 'r'> = []): void {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => ((align[i] ?? (i === 0 ? 'l' : 'r')) === 'l' ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  console.log(line(headers));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

export function input(text: string, voice: string, language = 'en-US'): SynthesisInput {
  return { text, language, voice: { id: voice }, speed: 1, variation: 0.5 };
}

/** Median wall ms and audio seconds of `runs` timed calls (after the caller warmed the engine). */
export async function timeEngine(engine: SpeechEngine, what: SynthesisInput, runs: number) {
  const ms: number[] = [];
  let audioSec = 0;
  let audio: PcmAudio | null = null;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const result = await engine.synthesize(what);
    ms.push(performance.now() - started);
    audioSec = seconds(result.audio);
    audio = result.audio;
  }
  return { ms: median(ms), audioSec, audio };
}

export function section(title: string): void {
  console.log(`\n## ${title}   [t=${elapsed()}, load ${load()}]\n`);
}

/** One goal line: the figure next to its target, PASS or MISS as a report (never an exit code). */
export function goal(label: string, figure: number, target: string, met: boolean, digits = 2): string[] {
  return [label, fmt(figure, digits), target, Number.isFinite(figure) ? (met ? 'PASS' : 'MISS') : 'no figure'];
}

export function goalTable(rows: string[][]): void {
  console.log('\nGoals (benchmark figures, not tests):\n');
  table(['goal', 'figure', 'target', 'result'], rows, ['l', 'r', 'l', 'l']);
}

/** "kokoro 24" or "svox-pico 12, flite 12": which engines served how many clips. */
export function engineCounts(engines: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const engine of engines) counts.set(engine, (counts.get(engine) ?? 0) + 1);
  return [...counts].map(([engine, n]) => `${engine} ${n}`).join(', ') || '-';
}
