import type { PcmAudio } from '../../src/audio/pcm.js';
import {
  errorText,
  FIRST_SENTENCE,
  fmt,
  goal,
  goalTable,
  input,
  LONG,
  SENTENCES,
  SHORT,
  section,
  table,
  timeEngine,
} from '../common.js';
import { median, nisqaScorer, nisqaScores } from '../nisqa.js';
import type { EngineUnderTest } from '../setup.js';
import { engineSpeed, LONG_RUNS, SHORT_RUNS } from './engines-alone.js';

/** Voices per engine for the naturalness median: at least 6 where the engine has them. */
const MIN_VOICES = 6;
/** espeak-ng: six of its eight English voices, both sides of the Atlantic. */
const ESPEAK_VOICES = ['en-US', 'en', 'en-GB-x-rp', 'en-GB-scotland', 'en-029', 'en-US-nyc'];
/** Kokoro: three American and three British packs, three women and three men. */
const KOKORO_VOICES = ['af_heart', 'af_bella', 'am_michael', 'bf_emma', 'bm_george', 'bm_lewis'];

/** English voices of an engine, each with the language tag to ask it for. */
function englishVoices(item: EngineUnderTest): Array<{ id: string; language: string }> {
  const offered = (item.engine?.info.voices ?? []).map((voice) => ({
    id: voice.id,
    language: voice.languages.find((tag) => tag.startsWith('en-')) ?? voice.languages[0] ?? '',
  }));
  const english = offered.filter((voice) => voice.language.startsWith('en'));
  const pick = (ids: string[]) => english.filter((voice) => ids.includes(voice.id));
  if (item.label === 'espeak-ng') return pick(ESPEAK_VOICES);
  if (item.label === 'kokoro') return pick(KOKORO_VOICES);
  return english.slice(0, MIN_VOICES);
}

/**
 * a. Per engine: speed, first-audio latency and naturalness over several voices. Speed figures
 * are section 1's when both run (measured once).
 */
export async function perEngine(list: EngineUnderTest[]): Promise<void> {
  section('a. Per engine: real-time factor, first-audio latency, naturalness over voices x sentences');
  console.log(
    `RTF = audio seconds / wall seconds, warm: ${SHORT.length} chars median of ${SHORT_RUNS} runs, ` +
      `${LONG.length} chars ${LONG_RUNS} run, default English voice. First audio = wall time to synthesize the ` +
      `first sentence alone ("${FIRST_SENTENCE}", ${FIRST_SENTENCE.length} chars, median of ${SHORT_RUNS}): ` +
      'engines return whole texts, so a player that speaks sentence by sentence hears this first, for the ' +
      '100- and the 2,000-character text alike; a whole-text call waits for the "ms" columns instead. ' +
      `Naturalness: NISQA-TTS median over the engine's English voices (up to ${MIN_VOICES}; "voices" says how ` +
      `many) x ${SENTENCES.length} Harvard sentences, one clip each.\n`,
  );
  const figures: EngineFigures[] = [];
  const clips: PcmAudio[] = [];
  for (const item of list) {
    if (!item.engine) {
      figures.push({ item, error: item.note ?? 'not installed' });
      continue;
    }
    try {
      const speed = await engineSpeed(item);
      const first = await timeEngine(item.engine, input(FIRST_SENTENCE, item.voice), SHORT_RUNS);
      const voices = englishVoices(item);
      const from = clips.length;
      for (const voice of voices) {
        for (const sentence of SENTENCES) {
          clips.push((await item.engine.synthesize(input(sentence, voice.id, voice.language))).audio);
        }
      }
      figures.push({
        item,
        shortMs: speed.short.ms,
        shortRtf: speed.short.audioSec / (speed.short.ms / 1000),
        longMs: speed.long.ms,
        longRtf: speed.long.audioSec / (speed.long.ms / 1000),
        firstMs: first.ms,
        voices: voices.map((voice) => voice.id),
        clips: { from, to: clips.length },
      });
    } catch (error) {
      figures.push({ item, error: `failed: ${errorText(error)}` });
    }
  }
  const scored = await scoreAll(clips);
  const rows = figures.map((f) => {
    if (f.error !== undefined) return [f.item.label, '-', '-', '-', '-', '-', '-', '-', '-', f.error];
    const clipScores = f.clips ? scored.scores.slice(f.clips.from, f.clips.to) : [];
    return [
      f.item.label,
      fmt(f.shortMs ?? Number.NaN),
      fmt(f.shortRtf ?? Number.NaN, 1),
      fmt(f.longMs ?? Number.NaN),
      fmt(f.longRtf ?? Number.NaN, 1),
      fmt(f.firstMs ?? Number.NaN),
      fmt(median(clipScores), 2),
      String(clipScores.filter(Number.isFinite).length),
      String(f.voices?.length ?? 0),
      (f.voices ?? []).join(' '),
    ];
  });
  table(
    ['engine', '100c ms', 'RTF', '2000c ms', 'RTF', 'first audio ms', 'NISQA', 'clips', 'voices', 'voice ids'],
    rows,
    ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'l'],
  );
  if (scored.note) console.log(`\nnaturalness not scored: ${scored.note}`);
  const kokoro = figures.find((f) => f.item.label === 'kokoro');
  const long = kokoro?.longRtf ?? Number.NaN;
  const short = kokoro?.shortRtf ?? Number.NaN;
  goalTable([
    goal('Kokoro RTF, 2,000 chars, 2 cores', long, '>= 3', long >= 3, 1),
    goal('Kokoro RTF, 100 chars, 2 cores', short, '>= 3', short >= 3, 1),
  ]);
}

interface EngineFigures {
  item: EngineUnderTest;
  error?: string;
  shortMs?: number;
  shortRtf?: number;
  longMs?: number;
  longRtf?: number;
  firstMs?: number;
  voices?: string[];
  clips?: { from: number; to: number };
}

/** NISQA scores of every clip in one scorer run; all NaN, with the reason, when it cannot run. */
export async function scoreAll(clips: readonly PcmAudio[]): Promise<{ scores: number[]; note: string }> {
  const none = clips.map(() => Number.NaN);
  const scorer = nisqaScorer();
  if ('missing' in scorer) return { scores: none, note: scorer.missing };
  if (clips.length === 0) return { scores: [], note: '' };
  try {
    return { scores: await nisqaScores(clips), note: '' };
  } catch (error) {
    return { scores: none, note: `scorer failed: ${errorText(error, 200)}` };
  }
}
