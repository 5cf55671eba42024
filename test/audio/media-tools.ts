import { execFile, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/** The real ffprobe and ffmpeg, driven the way a person would, to check what the audio layer makes. */

const run = promisify(execFile);

/** The parts of `ffprobe -show_streams -show_format -of json` the tests look at. */
export interface ProbeReport {
  stream: {
    codec_name: string;
    sample_rate: string;
    channels: number;
    start_time?: string;
    bit_rate?: string;
  };
  format: { format_name: string; duration?: string; bit_rate?: string };
}

async function withTempDir<T>(use: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'voicelib-audio-test-'));
  try {
    return await use(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Runs the real ffprobe on `data` saved as a file with `extension`. `inputArgs` describe headerless
 * input (e.g. `-f s16le -ar 8000 -ac 1`).
 */
export function probe(data: Buffer, extension: string, inputArgs: string[] = []): Promise<ProbeReport> {
  return withTempDir(async (dir) => {
    const file = join(dir, `audio.${extension}`);
    await writeFile(file, data);
    const args = ['-v', 'error', ...inputArgs, '-show_streams', '-show_format', '-of', 'json', file];
    const { stdout } = await run('ffprobe', args);
    const parsed = JSON.parse(stdout) as { streams: ProbeReport['stream'][]; format: ProbeReport['format'] };
    const stream = parsed.streams[0];
    if (!stream) throw new Error(`ffprobe found no stream in the ${extension} file`);
    return { stream, format: parsed.format };
  });
}

/**
 * Decodes files with ONE run of the real ffmpeg (one input and one output per file) to signed
 * 16-bit mono at each file's own rate.
 */
export function ffmpegDecodeMany(files: Array<{ data: Buffer; extension: string }>): Promise<Int16Array[]> {
  return withTempDir(async (dir) => {
    const args = ['-v', 'error', '-nostdin'];
    for (const [i, file] of files.entries()) {
      await writeFile(join(dir, `in${i}.${file.extension}`), file.data);
      args.push('-i', join(dir, `in${i}.${file.extension}`));
    }
    for (const i of files.keys())
      args.push('-map', `${i}:a:0`, '-ac', '1', '-f', 's16le', join(dir, `out${i}.raw`));
    await run('ffmpeg', args);
    return Promise.all(
      files.map(async (_, i) => {
        const raw = await readFile(join(dir, `out${i}.raw`));
        return new Int16Array(raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.byteLength));
      }),
    );
  });
}

/**
 * Feeds raw mono s16le `input` at `sampleRate` to ONE ffmpeg process that writes several files
 * (each output: ffmpeg options plus a file name), and returns their contents in order. One process
 * for many fixtures keeps the suite fast: starting ffmpeg costs about 0.3 s of CPU.
 */
export function ffmpegMakeFiles(
  input: Buffer,
  sampleRate: number,
  outputs: Array<{ args: string[]; file: string }>,
): Promise<Buffer[]> {
  return withTempDir(async (dir) => {
    const args = [
      '-v',
      'error',
      '-nostdin',
      '-f',
      's16le',
      '-ar',
      String(sampleRate),
      '-ac',
      '1',
      '-i',
      'pipe:0',
    ];
    for (const output of outputs) args.push(...output.args, join(dir, output.file));
    await new Promise<void>((resolve, reject) => {
      const child = spawn('ffmpeg', args, { stdio: ['pipe', 'ignore', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
      });
      child.on('error', reject);
      child.on('close', (code) =>
        code === 0 ? resolve() : reject(new Error(`ffmpeg exited ${code}: ${stderr}`)),
      );
      child.stdin.end(input);
    });
    return Promise.all(outputs.map((output) => readFile(join(dir, output.file))));
  });
}
