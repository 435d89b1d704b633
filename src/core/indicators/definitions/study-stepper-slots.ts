import { stepperSlot } from '../stepper-slot.js';

/**
 * The steppers of the eager studies that have a batch kernel (MA, MACD): filled by
 * fill-study-steppers.ts, which comes with a live tick's running state (stepped-updater.ts, issue #12).
 */
export const MA_STEPPER = stepperSlot<{ readonly periods: readonly number[] }>();
export const MACD_STEPPER = stepperSlot<{ readonly fast: number; readonly slow: number; readonly signal: number }>();

/** MACD's fast and slow periods: TA-Lib swaps the two when the "slow" one is shorter. */
export function macdPeriods(p: { readonly fast: number; readonly slow: number }): [number, number] {
  return p.slow < p.fast ? [p.slow, p.fast] : [p.fast, p.slow];
}
