import { AppError } from '../../../errors.js';

/**
 * A numeric engine parameter from `voice.params`: `fallback` when absent; a number, or a numeric
 * string, within [min, max]; anything else is a 422 naming the engine and the parameter.
 */
export function numberParam(
  engine: string,
  params: Readonly<Record<string, string | number | boolean>> | undefined,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const raw = params?.[name];
  if (raw === undefined) return fallback;
  const value = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
    throw new AppError('validation_error', `${engine} parameter "${name}" must be a number from ${min} to ${max}`);
  }
  return value;
}

/** `value` when it is a finite number, else `fallback`. */
export function finiteOr(value: number | undefined, fallback: number): number {
  return value !== undefined && Number.isFinite(value) ? value : fallback;
}
