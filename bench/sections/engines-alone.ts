import type { PcmAudio } from '../../src/audio/pcm.js';
import { errorText, fmt, input, LONG, SHORT, section, table, timeEngine } from '../common.js';
import type { EngineUnderTest } from '../setup.js';

export const SHORT_RUNS = 3;
/** 2,000 chars: one timed run (SVOX Pico takes ~30 s a run on a loaded machine, Kokoro ~2 min). */
export const LONG_RUNS = 1;

export interface EngineSpeed {
  short: { ms: number; audioSec: number };
  long: { ms: number; audioSec: number; audio: PcmAudio | null };
  warmNote: string;
}

/** Measured once per engine and run: sections 1 and a print the same figures. */
const speeds = new Map<EngineUnderTest, Promise<EngineSpeed>>();

/** warm(): every worker of the pool, then one untimed run of the short text, then the timed runs. */
export function engineSpeed(item: EngineUnderTest): Promise<EngineSpeed> {
  const engine = item.engine;
  if (engine === null) return Promise.reject(new Error(item.note ?? 'not installed'));
  let measured = speeds.get(item);
  if (measured === undefined) {
    measured = (async () => {
      let warmNote = '';
      if (engine.warm) {
        try {
          await engine.warm();
        } catch (error) {
          warmNote = `warm() failed: ${errorText(error, 50)}`;
        }
      }
      await engine.synthesize(input(SHORT, item.voice));
      const short = await timeEngine(engine, input(SHORT, item.voice), SHORT_RUNS);
      const long = await timeEngine(engine, input(LONG, item.voice), LONG_RUNS);
      return { short, long, warmNote };
    })();
    speeds.set(item, measured);
  }
  return measured;
}

/** 1. Each engine alone, default English voice; returns the 2,000-character audio per engine. */
export async function engineAlone(list: EngineUnderTest[]): Promise<Map<string, PcmAudio>> {
  section('1. Engines alone (English, default voice)');
  console.log(
    `${SHORT.length}-char text: median of ${SHORT_RUNS} runs; ${LONG.length}-char text: ${LONG_RUNS} run; ` +
      'one untimed warm-up run per engine first. RTF = audio seconds / wall seconds (higher is faster).\n',
  );
  const rows: string[][] = [];
  const longAudio = new Map<string, PcmAudio>();
  for (const item of list) {
    if (!item.engine) {
      rows.push([item.label, '-', '-', '-', '-', '-', '-', item.note ?? '']);
      continue;
    }
    try {
      const { short, long, warmNote } = await engineSpeed(item);
      if (long.audio) longAudio.set(item.label, long.audio);
      rows.push([
        `${item.label} (${item.voice})`,
        fmt(short.ms),
        fmt(short.audioSec, 1),
        fmt(short.audioSec / (short.ms / 1000), 1),
        fmt(long.ms),
        fmt(long.audioSec, 1),
        fmt(long.audioSec / (long.ms / 1000), 1),
        [item.note, warmNote].filter((n) => n).join('; '),
      ]);
    } catch (error) {
      rows.push([item.label, '-', '-', '-', '-', '-', '-', `failed: ${errorText(error)}`]);
    }
  }
  table(
    ['engine', '100c ms', 'audio s', 'RTF', '2000c ms', 'audio s', 'RTF', 'note'],
    rows,
    ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'l'],
  );
  return longAudio;
}
