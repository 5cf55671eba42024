/**
 * How many times a repeated test runs: `count`, scaled by `VOICELIB_TEST_REPEATS` (a fraction, default
 * 1) and never under `floor`. CI runs the whole count on the machine's Node and a fifth on the other
 * Node lines it covers (.ci/run), where what is checked is the runtime's behaviour, not the leak bound.
 */
export function repeats(count: number, floor = 10): number {
  const scale = Number(process.env['VOICELIB_TEST_REPEATS'] ?? '1');
  if (!(scale > 0) || scale >= 1) return count;
  return Math.max(floor, Math.round(count * scale));
}
