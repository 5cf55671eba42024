/** One step of a pull, for the progress display: which file, which phase, how many bytes. */
export interface PullProgress {
  pack: string;
  file: string;
  /** `start` (with `resumeFrom`), `data` while bytes arrive, `verify`, `done`, or `present` for a skip. */
  phase: 'start' | 'data' | 'verify' | 'done' | 'present';
  /** Bytes of this file on disk so far, including a resumed part. */
  receivedBytes: number;
  /** Full size when known. */
  totalBytes: number | null;
  /** Bytes already on disk when the download (re)started. */
  resumeFrom: number;
  /** Position of this file in the pack, from 1. */
  index: number;
  count: number;
}

/** Where progress goes: a TTY gets a redrawn bar, anything else (a log, a pipe) plain lines. */
export interface ProgressStream {
  isTTY?: boolean;
  columns?: number;
  write(text: string): unknown;
}

const BAR_WIDTH = 24;
/** Redraws of the bar per second at most. */
const REDRAW_INTERVAL_MS = 100;

export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} kB`;
  if (bytes < 1_000_000_000) return `${(bytes / 1_000_000).toFixed(1)} MB`;
  return `${(bytes / 1_000_000_000).toFixed(2)} GB`;
}

/**
 * A `PullOptions.onProgress` that prints to `stream`: on a TTY one line per file, redrawn as a bar
 * (`[3/12] en-US_ta.bin [##########------] 62%  403.4 kB / 650.7 kB`); otherwise one line when a
 * file starts and one when it is done, so logs stay readable.
 */
export function progressPrinter(stream: ProgressStream): (progress: PullProgress) => void {
  let lastDraw = 0;
  return (progress) => {
    const label = `[${progress.index}/${progress.count}] ${progress.file}`;
    const size =
      progress.totalBytes === null ? formatBytes(progress.receivedBytes) : formatBytes(progress.totalBytes);
    switch (progress.phase) {
      case 'present':
        stream.write(`${label}: already installed (${size}, hash checked)\n`);
        return;
      case 'start': {
        if (stream.isTTY) {
          lastDraw = 0;
          draw(stream, label, progress);
          return;
        }
        const from =
          progress.resumeFrom > 0 ? `resuming at ${formatBytes(progress.resumeFrom)} of ` : 'downloading ';
        stream.write(`${label}: ${from}${size}\n`);
        return;
      }
      case 'data': {
        if (!stream.isTTY) return;
        const now = Date.now();
        if (now - lastDraw < REDRAW_INTERVAL_MS) return;
        lastDraw = now;
        draw(stream, label, progress);
        return;
      }
      case 'verify':
        if (stream.isTTY) draw(stream, label, progress, 'checking SHA-256');
        return;
      case 'done':
        if (stream.isTTY) stream.write(`\r\x1b[2K${label}: done (${size}, SHA-256 ok)\n`);
        else stream.write(`${label}: done (${size}, SHA-256 ok)\n`);
        return;
    }
  };
}

function draw(stream: ProgressStream, label: string, progress: PullProgress, note?: string): void {
  const { receivedBytes, totalBytes } = progress;
  let line: string;
  if (totalBytes !== null && totalBytes > 0) {
    const share = Math.min(1, receivedBytes / totalBytes);
    const filled = Math.round(share * BAR_WIDTH);
    const bar = `${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}`;
    line = `${label} [${bar}] ${String(Math.floor(share * 100)).padStart(3)}%  ${formatBytes(receivedBytes)} / ${formatBytes(totalBytes)}`;
  } else {
    line = `${label} ${formatBytes(receivedBytes)}`;
  }
  if (note) line += `  ${note}`;
  const width = stream.columns ?? 120;
  stream.write(`\r\x1b[2K${line.slice(0, Math.max(20, width - 1))}`);
}
