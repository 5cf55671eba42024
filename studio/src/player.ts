import { h } from './dom.js';

export interface Word {
  word: string;
  start: number;
  end: number;
}

export interface PlayerInput {
  audio: Blob;
  /** File name for the download, with extension. */
  fileName: string;
  words: Word[] | null;
  srt: string | null;
}

/**
 * Audio element, a waveform drawn from the decoded audio (Web Audio API) with a playhead, and the
 * words highlighted as playback passes them. Returns the element and a `dispose` for the URLs.
 */
export function player(input: PlayerInput): { el: HTMLElement; dispose(): void } {
  const url = URL.createObjectURL(input.audio);
  const srtUrl = input.srt ? URL.createObjectURL(new Blob([input.srt], { type: 'application/x-subrip' })) : null;
  const audio = h('audio', { controls: true, src: url, preload: 'auto', 'aria-label': 'Generated speech' });
  const canvas = h('canvas', { class: 'waveform', width: 800, height: 96, 'aria-label': 'Waveform; click to seek' });
  const note = h('p', { class: 'note', hidden: true });
  const words = (input.words ?? []).map((w, i) => h('span', { class: 'word', 'data-index': i, title: `${w.start.toFixed(2)} s` }, w.word));
  const captions = h('p', { class: 'captions', 'aria-live': 'off', 'data-current': -1 });
  words.forEach((span, i) => {
    captions.append(span, ' ');
    span.addEventListener('click', () => {
      audio.currentTime = input.words?.[i]?.start ?? 0;
      void audio.play();
    });
  });
  let peaks: Float32Array | null = null;
  let frame = 0;

  void decodePeaks(input.audio, canvas.width).then(
    (p) => {
      peaks = p;
      draw();
    },
    () => {
      note.hidden = false;
      note.textContent = 'This browser cannot decode this format: download the file to play it.';
    },
  );

  function draw(): void {
    const ctx = canvas.getContext('2d');
    if (!ctx || !peaks) return;
    const { width, height } = canvas;
    const styles = getComputedStyle(canvas);
    ctx.clearRect(0, 0, width, height);
    const played = audio.duration > 0 ? (audio.currentTime / audio.duration) * width : 0;
    for (let x = 0; x < width; x++) {
      const peak = peaks[x] ?? 0;
      const bar = Math.max(1, peak * height);
      ctx.fillStyle = x < played ? styles.getPropertyValue('--accent') || '#2456c9' : styles.getPropertyValue('--muted') || '#9aa';
      ctx.fillRect(x, (height - bar) / 2, 1, bar);
    }
  }

  function highlight(): void {
    const t = audio.currentTime;
    const list = input.words ?? [];
    let index = -1;
    for (let i = 0; i < list.length; i++) if ((list[i]?.start ?? Infinity) <= t) index = i;
    if (index >= 0 && t > (list[index]?.end ?? 0) + 0.3 && index === list.length - 1) index = -1;
    if (String(index) !== captions.dataset['current']) {
      captions.dataset['current'] = String(index);
      for (const span of words) span.classList.remove('current');
      words[index]?.classList.add('current');
    }
  }

  function tick(): void {
    highlight();
    draw();
    if (!audio.paused) frame = requestAnimationFrame(tick);
  }
  audio.addEventListener('play', () => (frame = requestAnimationFrame(tick)));
  for (const event of ['timeupdate', 'seeked', 'loadedmetadata']) audio.addEventListener(event, () => tick());
  canvas.addEventListener('click', (e) => {
    if (!(audio.duration > 0)) return;
    const rect = canvas.getBoundingClientRect();
    audio.currentTime = ((e.clientX - rect.left) / rect.width) * audio.duration;
  });

  const el = h(
    'div',
    { class: 'player' },
    audio,
    canvas,
    note,
    input.words ? captions : h('p', { class: 'note' }, 'No word timings for this generation.'),
    h(
      'div',
      { class: 'row' },
      h('a', { class: 'button', href: url, download: input.fileName }, 'Download audio'),
      srtUrl ? h('a', { class: 'button', href: srtUrl, download: input.fileName.replace(/\.[^.]+$/, '.srt') }, 'Download SRT') : null,
    ),
  );
  return {
    el,
    dispose() {
      cancelAnimationFrame(frame);
      audio.pause();
      URL.revokeObjectURL(url);
      if (srtUrl) URL.revokeObjectURL(srtUrl);
    },
  };
}

/** Peak level (0..1) of each of `columns` equal slices of the audio's first channel. */
async function decodePeaks(blob: Blob, columns: number): Promise<Float32Array> {
  const context = new AudioContext();
  try {
    const decoded = await context.decodeAudioData(await blob.arrayBuffer());
    const samples = decoded.getChannelData(0);
    const per = Math.max(1, Math.floor(samples.length / columns));
    const peaks = new Float32Array(columns);
    let max = 0;
    for (let x = 0; x < columns; x++) {
      let peak = 0;
      for (let i = x * per; i < Math.min(samples.length, (x + 1) * per); i++) peak = Math.max(peak, Math.abs(samples[i] ?? 0));
      peaks[x] = peak;
      max = Math.max(max, peak);
    }
    // Normalised so quiet voices still show their shape.
    if (max > 0) for (let x = 0; x < columns; x++) peaks[x] = (peaks[x] ?? 0) / max;
    return peaks;
  } finally {
    void context.close();
  }
}
