/**
 * Resemblyzer's preprocessing of a 16 kHz recording before it is embedded (its `audio.py`):
 * the level raised (never lowered) to -30 dBFS, then long silences cut with WebRTC's voice
 * activity detector (aggressiveness 3, 30 ms windows), smoothed over 8 windows and widened by 3
 * windows on each side, so pauses longer than about 0.2 s go and the rest stays.
 *
 * The detector is libfvad (WebRTC's VAD as a library, BSD-3-Clause) compiled to WebAssembly
 * (npm `@echogarden/fvad-wasm`), the same code Python's `webrtcvad` wraps.
 */

const RATE = 16_000;
const WINDOW = 480;
const SMOOTHING_WINDOWS = 8;
const KEPT_SILENCE_WINDOWS = 6;
const TARGET_DBFS = -30;
const INT16_MAX = 32767;

interface FvadModule {
  _fvad_new(): number;
  _fvad_set_mode(inst: number, mode: number): number;
  _fvad_set_sample_rate(inst: number, rate: number): number;
  _fvad_process(inst: number, frame: number, length: number): number;
  _fvad_free(inst: number): void;
  _malloc(bytes: number): number;
  _free(ptr: number): void;
  HEAP16: Int16Array;
}

let fvad: Promise<FvadModule> | null = null;

function loadFvad(): Promise<FvadModule> {
  fvad ??= import('@echogarden/fvad-wasm').then(async (m) => (await m.default()) as FvadModule);
  fvad.catch(() => {
    fvad = null;
  });
  return fvad;
}

/** `wav` raised to -30 dBFS when quieter (Resemblyzer `normalize_volume(increase_only=True)`). */
export function raiseLevel(wav: Float32Array): Float32Array {
  let sum = 0;
  for (const v of wav) sum += (v * INT16_MAX) ** 2;
  const rms = Math.sqrt(sum / Math.max(1, wav.length)) + 1e-12;
  const change = TARGET_DBFS - 20 * Math.log10(rms / INT16_MAX);
  if (!(change > 0)) return wav;
  const gain = Math.fround(10 ** (change / 20));
  return wav.map((v) => v * gain);
}

/** Whether each 30 ms window of `wav` (16 kHz) holds speech, by WebRTC's detector at mode 3. */
export async function speechWindows(wav: Float32Array): Promise<Uint8Array> {
  const m = await loadFvad();
  const count = Math.floor(wav.length / WINDOW);
  const flags = new Uint8Array(count);
  const inst = m._fvad_new();
  const frame = m._malloc(WINDOW * 2);
  try {
    m._fvad_set_mode(inst, 3);
    m._fvad_set_sample_rate(inst, RATE);
    const pcm = new Int16Array(WINDOW);
    for (let w = 0; w < count; w += 1) {
      // As numpy's round().astype(int16): half to even, and wrapping past the int16 range.
      for (let i = 0; i < WINDOW; i += 1) pcm[i] = roundHalfEven(wav[w * WINDOW + i]! * INT16_MAX);
      m.HEAP16.set(pcm, frame >> 1);
      flags[w] = m._fvad_process(inst, frame, WINDOW) === 1 ? 1 : 0;
    }
  } finally {
    m._free(frame);
    m._fvad_free(inst);
  }
  return flags;
}

function roundHalfEven(x: number): number {
  const r = Math.round(x);
  return r - x === 0.5 && r % 2 !== 0 ? r - 1 : r;
}

/**
 * The windows kept: speech smoothed over 8 windows (at least 5 of the 8 around each window; numpy's
 * round sends 4 of 8 to 0), then widened by 3 windows each side (scipy's binary dilation by 7).
 */
export function keptWindows(flags: Uint8Array): Uint8Array {
  const n = flags.length;
  const smoothed = new Uint8Array(n);
  const before = (SMOOTHING_WINDOWS - 1) >> 1;
  for (let i = 0; i < n; i += 1) {
    let sum = 0;
    for (let j = i - before; j < i - before + SMOOTHING_WINDOWS; j += 1) if (j >= 0 && j < n) sum += flags[j]!;
    smoothed[i] = sum * 2 > SMOOTHING_WINDOWS ? 1 : 0;
  }
  const reach = KEPT_SILENCE_WINDOWS >> 1;
  const kept = new Uint8Array(n);
  for (let i = 0; i < n; i += 1) {
    for (let j = Math.max(0, i - reach); j <= Math.min(n - 1, i + reach); j += 1) {
      if (smoothed[j] === 1) {
        kept[i] = 1;
        break;
      }
    }
  }
  return kept;
}

/** Resemblyzer's `preprocess_wav` on 16 kHz audio: level raised, long silences cut. */
export async function trimForEmbedding(wav16k: Float32Array): Promise<Float32Array> {
  const raised = raiseLevel(wav16k);
  const usable = raised.subarray(0, raised.length - (raised.length % WINDOW));
  const kept = keptWindows(await speechWindows(usable));
  let length = 0;
  for (const k of kept) length += k * WINDOW;
  const out = new Float32Array(length);
  let at = 0;
  kept.forEach((k, w) => {
    if (k === 1) {
      out.set(usable.subarray(w * WINDOW, (w + 1) * WINDOW), at);
      at += WINDOW;
    }
  });
  return out;
}
