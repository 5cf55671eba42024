import { execFile } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * Recordings that lie about themselves (docs/reliability.md, F3), and an ffmpeg that reports on
 * itself: each run of the wrapper logs when it starts and ends, its arguments, and (through GNU
 * `/usr/bin/time`, where installed) its peak resident memory.
 */

const run = promisify(execFile);

/** GNU time, which reports a child's peak RSS (`%M`, KiB); Debian package `time`. */
export const GNU_TIME = '/usr/bin/time';
export const HAVE_GNU_TIME = existsSync(GNU_TIME);

export interface WavClaims {
  sampleRate: number;
  channels: number;
  /** The data chunk's length field; default: the real length. */
  dataLengthClaim?: number;
}

/** A 16-bit PCM WAV whose header says `claims` about `data`, whatever `data` really is. */
export function lyingWav(claims: WavClaims, data: Buffer): Buffer {
  const header = Buffer.alloc(44);
  const blockAlign = Math.max(1, claims.channels) * 2;
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(claims.channels, 22);
  header.writeUInt32LE(claims.sampleRate, 24);
  header.writeUInt32LE(Math.min(0xffffffff, claims.sampleRate * blockAlign), 28);
  header.writeUInt16LE(blockAlign, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(claims.dataLengthClaim ?? data.length, 40);
  return Buffer.concat([header, data]);
}

/** `seconds` of a 200 Hz tone at `rate` Hz as 16-bit samples. */
export function tone(seconds: number, rate = 16_000): Buffer {
  const data = Buffer.alloc(Math.round(seconds * rate) * 2);
  for (let i = 0; i < data.length / 2; i += 1) {
    data.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 200 * i) / rate)), i * 2);
  }
  return data;
}

/** The bomb from the report: 4 KB of WAV whose header says 1 Hz (ffmpeg allocated 1.3 GB for it). */
export function oneHertzBomb(): Buffer {
  return lyingWav({ sampleRate: 1, channels: 1 }, tone(2000 / 16_000));
}

/** 3 s of Opus in WebM whose Segment Info says it lasts 10 hours (ffprobe believes it). */
export async function tenHourWebm(): Promise<Buffer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'voicelib-hostile-'));
  const file = path.join(dir, 'tone.webm');
  await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'sine=f=200:d=3', '-c:a', 'libopus', file]);
  const bytes = readFileSync(file);
  // Duration element: ID 0x4489, size 8, a big-endian double in TimecodeScale units (1 ms).
  const at = bytes.indexOf(Buffer.from([0x44, 0x89, 0x88]));
  if (at < 0) throw new Error('no 8-byte Duration element in the WebM ffmpeg made');
  bytes.writeDoubleBE(10 * 3600 * 1000, at + 3);
  return bytes;
}

/** One wrapped ffmpeg/ffprobe run, from the wrapper's log. */
export interface ToolRun {
  tool: 'ffmpeg' | 'ffprobe';
  args: string;
  /** Peak resident memory in KiB, when GNU time is installed. */
  maxRssKiB: number | null;
}

export interface MeasuredTools {
  ffmpegPath: string;
  ffprobePath: string;
  /** Every run so far, in start order. */
  runs(): ToolRun[];
  /** Most runs in progress at the same moment. */
  maxConcurrent(): number;
  /** Forgets the runs so far. */
  reset(): void;
}

/** `ffmpeg` and `ffprobe` wrappers in a folder of their own, logging to one file (appends are atomic). */
export function measuredTools(): MeasuredTools {
  const dir = mkdtempSync(path.join(tmpdir(), 'voicelib-tools-'));
  const log = path.join(dir, 'runs.log');
  writeFileSync(log, '');
  for (const tool of ['ffmpeg', 'ffprobe']) {
    const measure = HAVE_GNU_TIME ? `${GNU_TIME} -o "$rss" -f "%M" ` : '';
    const script = [
      '#!/bin/sh',
      `log="${log}"`,
      `rss="${dir}/rss.$$"`,
      `printf 'start %s ${tool} %s\\n' "$$" "$*" >> "$log"`,
      `${measure}${tool} "$@"`,
      'status=$?',
      `printf 'end %s ${tool} %s\\n' "$$" "$(cat "$rss" 2>/dev/null | tail -n 1)" >> "$log"`,
      'exit $status',
      '',
    ].join('\n');
    writeFileSync(path.join(dir, tool), script);
    chmodSync(path.join(dir, tool), 0o755);
  }
  const lines = () =>
    readFileSync(log, 'utf8')
      .split('\n')
      .filter((line) => line !== '');
  return {
    ffmpegPath: path.join(dir, 'ffmpeg'),
    ffprobePath: path.join(dir, 'ffprobe'),
    runs() {
      const started = new Map<string, ToolRun>();
      const all: ToolRun[] = [];
      for (const line of lines()) {
        const [event, pid = '', tool, ...rest] = line.split(' ');
        if (event === 'start') {
          const entry: ToolRun = { tool: tool as ToolRun['tool'], args: rest.join(' '), maxRssKiB: null };
          started.set(pid, entry);
          all.push(entry);
        } else {
          const entry = started.get(pid);
          const kib = Number(rest.join(' '));
          if (entry && rest.length > 0 && Number.isFinite(kib) && kib > 0) entry.maxRssKiB = kib;
        }
      }
      return all;
    },
    maxConcurrent() {
      let running = 0;
      let most = 0;
      for (const line of lines()) {
        running += line.startsWith('start ') ? 1 : -1;
        most = Math.max(most, running);
      }
      return most;
    },
    reset() {
      writeFileSync(log, '');
    },
  };
}
