/**
 * How far word boundaries land from the pauses in the audio itself, for engines whose timings are
 * derived rather than reported: Flite (phone durations grouped into words) and SVOX Pico (aligned
 * to an espeak-ng rendering). A pause that follows a punctuated word is ground truth for two
 * boundaries: that word's end (pause start) and the next word's start (pause end). Pauses are
 * silences of at least 80 ms (below -50 dBFS) inside the clip, paired in order with the punctuated
 * words; a sentence where the counts differ is left out and counted.
 *
 * For Pico it compares two ways of mapping espeak's word times onto Pico's audio:
 * - DTW on MFCC frames (what the engine does, src/speech/engines/svox-pico/align.ts);
 * - proportional: piecewise-linear between the starts and ends of speech and of matched pauses.
 *   Scored leave-one-out: the pause being scored is left out of the anchors, otherwise the method
 *   would be scored on its own input. That is the error it makes at boundaries it has no pause for.
 *
 * Needs the lingware: MODELS=../shared/models/svox-pico (default). Prints a table; never fails.
 *
 *   npx tsc -p tsconfig.json && node dist/bench/word-timing-accuracy.js
 */
import path from 'node:path';
import { detectSilences } from '../src/audio/analysis/index.js';
import type { PcmAudio } from '../src/audio/pcm.js';
import type { SpeechEngine, WordTiming } from '../src/speech/engine.js';
import { createEspeakEngine } from '../src/speech/engines/espeak-ng/index.js';
import { createFliteEngine } from '../src/speech/engines/flite/index.js';
import { alignWordsByDtw, tightenToSound } from '../src/speech/engines/svox-pico/align.js';
import { createSvoxPicoEngine } from '../src/speech/engines/svox-pico/index.js';

const LINGWARE = path.resolve(process.env['MODELS'] ?? '../shared/models/svox-pico');

const SENTENCES: Array<[language: string, text: string]> = [
  [
    'en-US',
    'The birch canoe slid on the smooth planks, and the sheet was glued to the dark blue background.',
  ],
  ['en-US', 'It is easy to tell the depth of a well. These days, a chicken leg is a rare dish.'],
  ['en-US', 'Rice is often served in round bowls; the juice of lemons makes fine punch, they say.'],
  ['en-US', 'The box was thrown beside the parked truck. The hogs were fed chopped corn, and garbage.'],
  [
    'en-US',
    'Four hours of steady work faced us, but we finished early. A large size in stockings is hard to sell.',
  ],
  ['de-DE', 'Guten Tag, wie geht es Ihnen heute? Das Wetter ist wirklich schön, finde ich.'],
  ['de-DE', 'Der Zug kommt um acht Uhr an. Wir warten am Bahnsteig, und dann fahren wir nach Hause.'],
  ['fr-FR', "Bonjour, comment allez-vous aujourd'hui? Il fait très beau, et le ciel est bleu."],
  ['es-ES', 'Hola, ¿cómo estás hoy? El tiempo es muy agradable, y vamos a la playa.'],
  ['it-IT', 'Buongiorno, come stai oggi? Il tempo è molto bello, e andiamo al mare.'],
];

const PUNCTUATED = /[,.;:?!]["'»)]*$/u;

interface Pause {
  start: number;
  end: number;
}

function interiorPauses(audio: PcmAudio): Pause[] {
  const seconds = audio.samples.length / audio.sampleRate;
  return detectSilences(audio, { thresholdDb: -50, minDurationSec: 0.08 }).filter(
    (silence) => silence.start > 0.05 && silence.end < seconds - 0.05,
  );
}

/** Word index (the punctuated word before the pause) for each interior pause, or null if counts differ. */
function pairPauses(words: readonly WordTiming[], pauses: readonly Pause[]): Array<[number, Pause]> | null {
  const punctuated = words
    .map((word, index) => (PUNCTUATED.test(word.word) && index < words.length - 1 ? index : -1))
    .filter((index) => index !== -1);
  if (punctuated.length !== pauses.length) return null;
  return punctuated.map((index, k) => [index, pauses[k] as Pause]);
}

/** Absolute boundary errors (s) at each pause: word end vs pause start, next start vs pause end. */
function errorsAt(words: readonly WordTiming[], pairs: ReadonlyArray<[number, Pause]>): number[] {
  return pairs.flatMap(([index, pause]) => [
    Math.abs((words[index]?.end ?? 0) - pause.start),
    Math.abs((words[index + 1]?.start ?? 0) - pause.end),
  ]);
}

/** Piecewise-linear map through (reference, target) anchor times, sorted by reference time. */
function piecewise(anchors: Array<[number, number]>): (t: number) => number {
  const sorted = [...anchors].sort((a, b) => a[0] - b[0]);
  return (t) => {
    for (let k = 1; k < sorted.length; k += 1) {
      const [x0, y0] = sorted[k - 1] as [number, number];
      const [x1, y1] = sorted[k] as [number, number];
      if (t <= x1 || k === sorted.length - 1) return x1 > x0 ? y0 + ((t - x0) * (y1 - y0)) / (x1 - x0) : y0;
    }
    return t;
  };
}

function speechSpan(audio: PcmAudio): Pause {
  const seconds = audio.samples.length / audio.sampleRate;
  const silences = detectSilences(audio, { thresholdDb: -50, minDurationSec: 0.02 });
  const lead = silences.find((silence) => silence.start <= 0.001);
  const tail = silences.find((silence) => silence.end >= seconds - 0.001);
  return { start: lead?.end ?? 0, end: tail?.start ?? seconds };
}

/** Proportional mapping between speech edges and matched pauses, leaving out pause `skip`. */
function proportionalWords(
  target: PcmAudio,
  reference: { audio: PcmAudio; words: readonly WordTiming[] },
  skip: number,
): WordTiming[] | null {
  const referencePauses = interiorPauses(reference.audio);
  const targetPauses = interiorPauses(target);
  if (referencePauses.length !== targetPauses.length) return null;
  const a = speechSpan(reference.audio);
  const b = speechSpan(target);
  const anchors: Array<[number, number]> = [
    [a.start, b.start],
    [a.end, b.end],
  ];
  referencePauses.forEach((pause, k) => {
    if (k === skip) return;
    const other = targetPauses[k] as Pause;
    anchors.push([pause.start, other.start], [pause.end, other.end]);
  });
  const map = piecewise(anchors);
  const seconds = target.samples.length / target.sampleRate;
  return tightenToSound(
    target,
    reference.words.map((word) => ({ word: word.word, start: map(word.start), end: map(word.end) })),
    seconds,
  );
}

function summary(label: string, errors: number[], skipped: number): string {
  if (errors.length === 0) return `${label.padEnd(34)} no boundaries (${skipped} sentences skipped)`;
  const sorted = [...errors].sort((x, y) => x - y);
  const mean = errors.reduce((sum, e) => sum + e, 0) / errors.length;
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
  const worst = sorted[sorted.length - 1] ?? 0;
  const ms = (s: number) => `${(s * 1000).toFixed(0)} ms`.padStart(7);
  return `${label.padEnd(34)} mean ${ms(mean)}  median ${ms(median)}  max ${ms(worst)}  (${errors.length} boundaries, ${skipped} sentences skipped)`;
}

async function main(): Promise<void> {
  const espeak = createEspeakEngine({ threads: 1 });
  const flite = createFliteEngine({ threads: 1 });
  const pico = createSvoxPicoEngine({ modelsDir: LINGWARE, modelsSearchPath: [LINGWARE], reference: espeak });
  const request = (text: string, language: string, voice: string) => ({
    text,
    language,
    voice: { id: voice },
    speed: 1,
    variation: 0.5,
  });
  const synth = (engine: SpeechEngine, text: string, language: string, voice: string) =>
    engine.synthesize(request(text, language, voice));

  const fliteErrors: number[] = [];
  let fliteSkipped = 0;
  for (const [language, text] of SENTENCES.filter(([lang]) => lang === 'en-US')) {
    const result = await synth(flite, text, language, 'slt');
    const pairs = pairPauses(result.words, interiorPauses(result.audio));
    if (pairs === null) fliteSkipped += 1;
    else fliteErrors.push(...errorsAt(result.words, pairs));
  }

  const dtwErrors: number[] = [];
  const proportionalErrors: number[] = [];
  let dtwSkipped = 0;
  let proportionalSkipped = 0;
  const available = await pico.isAvailable();
  if (available) {
    for (const [language, text] of SENTENCES) {
      const reference = await synth(espeak, text, language.slice(0, 2), language.slice(0, 2));
      const result = await synth(pico, text, language, language);
      const pairs = pairPauses(result.words, interiorPauses(result.audio));
      if (pairs === null) {
        dtwSkipped += 1;
        proportionalSkipped += 1;
        continue;
      }
      dtwErrors.push(...errorsAt(alignWordsByDtw(result.audio, reference), pairs));
      pairs.forEach((pair, k) => {
        const words = proportionalWords(result.audio, reference, k);
        if (words === null) proportionalSkipped += 1;
        else proportionalErrors.push(...errorsAt(words, [pair]));
      });
    }
  }

  console.log('Word boundary error at pauses (|boundary - pause edge|):');
  console.log(summary('Flite slt (phone durations)', fliteErrors, fliteSkipped));
  if (!available) console.log(`SVOX Pico: no lingware at ${LINGWARE}`);
  else {
    console.log(summary('SVOX Pico, DTW on MFCC', dtwErrors, dtwSkipped));
    console.log(summary('SVOX Pico, proportional (leave-1-out)', proportionalErrors, proportionalSkipped));
  }
  await Promise.all([pico.close(), flite.close(), espeak.close()]);
}

await main();
