import { AppError } from '../errors.js';

/**
 * In-place iterative radix-2 FFT on separate real and imaginary arrays (length a power of two).
 * Small and dependency-free; used by the pitch tracker and the spectrum analysis.
 */

const twiddleCache = new Map<number, { cos: Float64Array; sin: Float64Array }>();

function twiddles(size: number): { cos: Float64Array; sin: Float64Array } {
  let t = twiddleCache.get(size);
  if (!t) {
    const half = size / 2;
    t = { cos: new Float64Array(half), sin: new Float64Array(half) };
    for (let i = 0; i < half; i++) {
      t.cos[i] = Math.cos((2 * Math.PI * i) / size);
      t.sin[i] = Math.sin((2 * Math.PI * i) / size);
    }
    twiddleCache.set(size, t);
  }
  return t;
}

/** Smallest power of two that is at least `n`. */
export function nextPowerOfTwo(n: number): number {
  let size = 1;
  while (size < n) size *= 2;
  return size;
}

/**
 * Transforms (`re`, `im`) in place: forward is X[k] = sum x[n] e^(-2πikn/N); `inverse` uses
 * e^(+2πikn/N) and divides by N, so inverse(forward(x)) = x.
 */
export function fft(re: Float64Array, im: Float64Array, inverse = false): void {
  const n = re.length;
  if (n !== im.length || n === 0 || (n & (n - 1)) !== 0) {
    throw new AppError('internal_error', `FFT size must be a power of two, got ${n}`);
  }
  // Bit-reversal permutation.
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      let t = re[i]!;
      re[i] = re[j]!;
      re[j] = t;
      t = im[i]!;
      im[i] = im[j]!;
      im[j] = t;
    }
  }
  const { cos, sin } = twiddles(n);
  const sign = inverse ? 1 : -1;
  for (let size = 2; size <= n; size *= 2) {
    const half = size / 2;
    const step = n / size;
    for (let start = 0; start < n; start += size) {
      for (let k = 0; k < half; k++) {
        const wr = cos[k * step]!;
        const wi = sign * sin[k * step]!;
        const a = start + k;
        const b = a + half;
        const xr = re[b]! * wr - im[b]! * wi;
        const xi = re[b]! * wi + im[b]! * wr;
        re[b] = re[a]! - xr;
        im[b] = im[a]! - xi;
        re[a] = re[a]! + xr;
        im[a] = im[a]! + xi;
      }
    }
  }
  if (inverse) {
    for (let i = 0; i < n; i++) {
      re[i] = re[i]! / n;
      im[i] = im[i]! / n;
    }
  }
}
