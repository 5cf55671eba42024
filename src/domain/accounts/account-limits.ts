import { AppError } from '../../errors.js';

/**
 * Bounds on what an operator can type (docs/reliability.md F7): 1e309 slots were stored as
 * Infinity (then /me answered 500) and 1e308 points made the balance a float. Balances stay
 * below 2^53 so every sum is exact.
 */
export const MAX_POINTS_CHANGE = 1_000_000_000_000; // points per grant, deduction or starting balance
export const MAX_BALANCE = 1_000_000_000_000_000; // points; 1e15 < 2^53 ≈ 9.007e15
export const MAX_SLOTS = 1_000_000; // per plan or per account, clone and design alike

export function requireWhole(value: number, min: number, max: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new AppError('validation_error', `${what} must be a whole number from ${min} to ${max.toLocaleString('en-US')}`);
  }
}

export function requireSlots(value: number | null | undefined, what: string): void {
  if (value !== null && value !== undefined) requireWhole(value, 0, MAX_SLOTS, what);
}
