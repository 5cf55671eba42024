/**
 * Dynamic time warping restricted to a window of cells, so long clips stay cheap: a coarse pass
 * over 4x-averaged frames inside a band around the diagonal, then a fine pass only within ±8
 * frames (80 ms) of the coarse path, the FastDTW idea with one level. Steps are the usual
 * (i-1, j-1), (i-1, j), (i, j-1), each adding the local distance once.
 */

/** Columns [lo[i], hi[i]] (inclusive) that row i may use. */
export interface DtwWindow {
  lo: Int32Array;
  hi: Int32Array;
}

/** The warping path from (0, 0) to (n-1, m-1): cell k is (rows[k], columns[k]). */
export interface DtwPath {
  rows: Int32Array;
  columns: Int32Array;
}

const DIAGONAL = 0;
const UP = 1;
const LEFT = 2;

/** A band of half-width `halfWidth` columns around the straight line from (0, 0) to (n-1, m-1). */
export function bandWindow(n: number, m: number, halfWidth: number): DtwWindow {
  const lo = new Int32Array(n);
  const hi = new Int32Array(n);
  for (let i = 0; i < n; i += 1) {
    const centre = n > 1 ? (i * (m - 1)) / (n - 1) : 0;
    lo[i] = Math.max(0, Math.floor(centre - halfWidth));
    hi[i] = Math.min(m - 1, Math.ceil(centre + halfWidth));
  }
  return repairWindow({ lo, hi }, m);
}

/** The cells of a coarse path scaled up by `factor`, widened by `radius` columns on each side. */
export function projectPath(
  coarse: DtwPath,
  factor: number,
  n: number,
  m: number,
  radius: number,
): DtwWindow {
  const lo = new Int32Array(n).fill(m);
  const hi = new Int32Array(n).fill(-1);
  for (let k = 0; k < coarse.rows.length; k += 1) {
    const row = coarse.rows[k] ?? 0;
    const column = coarse.columns[k] ?? 0;
    const from = Math.max(0, column * factor - radius);
    const to = Math.min(m - 1, column * factor + factor - 1 + radius);
    for (let i = row * factor - radius; i < row * factor + factor + radius; i += 1) {
      if (i < 0 || i >= n) continue;
      lo[i] = Math.min(lo[i] ?? m, from);
      hi[i] = Math.max(hi[i] ?? -1, to);
    }
  }
  return repairWindow({ lo, hi }, m);
}

/** Makes both edges non-decreasing and pins the corners, so every row connects to the next. */
function repairWindow(window: DtwWindow, m: number): DtwWindow {
  const { lo, hi } = window;
  const n = lo.length;
  lo[0] = 0;
  hi[n - 1] = m - 1;
  for (let i = 1; i < n; i += 1) hi[i] = Math.max(hi[i] ?? 0, hi[i - 1] ?? 0);
  for (let i = n - 2; i >= 0; i -= 1) lo[i] = Math.min(lo[i] ?? 0, lo[i + 1] ?? 0);
  for (let i = 0; i < n; i += 1) {
    // A row may not start right of where the row before it ends (plus one), or it is unreachable.
    const reachable = i > 0 ? (hi[i - 1] ?? 0) + 1 : 0;
    lo[i] = Math.max(0, Math.min(lo[i] ?? 0, reachable, m - 1));
    hi[i] = Math.max(lo[i] ?? 0, Math.min(hi[i] ?? 0, m - 1));
  }
  return window;
}

/** Minimum-cost path through `window`; `distance(i, j)` is the local cost of cell (i, j). */
export function dtwPath(
  n: number,
  m: number,
  window: DtwWindow,
  distance: (i: number, j: number) => number,
): DtwPath {
  const { lo, hi } = window;
  const rowStart = new Int32Array(n + 1);
  for (let i = 0; i < n; i += 1) rowStart[i + 1] = (rowStart[i] ?? 0) + (hi[i] ?? 0) - (lo[i] ?? 0) + 1;
  const cells = rowStart[n] ?? 0;
  const cost = new Float32Array(cells);
  const step = new Uint8Array(cells);
  const costAt = (i: number, j: number) => {
    if (i < 0 || j < (lo[i] ?? 0) || j > (hi[i] ?? -1)) return Number.POSITIVE_INFINITY;
    return cost[(rowStart[i] ?? 0) + j - (lo[i] ?? 0)] ?? Number.POSITIVE_INFINITY;
  };
  for (let i = 0; i < n; i += 1) {
    const first = lo[i] ?? 0;
    const last = hi[i] ?? 0;
    for (let j = first; j <= last; j += 1) {
      const index = (rowStart[i] ?? 0) + j - first;
      const local = distance(i, j);
      if (i === 0 && j === 0) {
        cost[index] = local;
        continue;
      }
      let best = costAt(i - 1, j - 1);
      let move = DIAGONAL;
      const up = costAt(i - 1, j);
      if (up < best) {
        best = up;
        move = UP;
      }
      const left = j > first ? (cost[index - 1] ?? Number.POSITIVE_INFINITY) : Number.POSITIVE_INFINITY;
      if (left < best) {
        best = left;
        move = LEFT;
      }
      cost[index] = best + local;
      step[index] = move;
    }
  }
  const rows: number[] = [];
  const columns: number[] = [];
  let i = n - 1;
  let j = m - 1;
  while (i > 0 || j > 0) {
    rows.push(i);
    columns.push(j);
    const move = step[(rowStart[i] ?? 0) + j - (lo[i] ?? 0)];
    if (i === 0) j -= 1;
    else if (j === 0) i -= 1;
    else if (move === DIAGONAL) {
      i -= 1;
      j -= 1;
    } else if (move === UP) i -= 1;
    else j -= 1;
  }
  rows.push(0);
  columns.push(0);
  return { rows: Int32Array.from(rows.reverse()), columns: Int32Array.from(columns.reverse()) };
}
