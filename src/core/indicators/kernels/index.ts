/**
 * Numeric kernels shared by the indicator definitions: batch functions over typed arrays (one pass,
 * no per-bar allocation) and their streaming, checkpointable counterparts used by updaters.
 */
export { sma, SmaState } from './sma.js';
export { ema, EmaState } from './ema.js';
export { emaK } from './ema-k.js';
export { wma, WmaState } from './wma.js';
export { wilder, WilderState } from './wilder.js';
export { rollingSum, RollingSumState } from './rolling-sum.js';
export { rollingExtreme, rollingMax, rollingMin, RollingExtremeState } from './rolling-extreme.js';
export { stddev, StdDevState, TA_EPSILON, isZero } from './stddev.js';
export { trueRange } from './true-range.js';
export { LagState } from './lag-state.js';
export { AtrState } from './atr-state.js';
export { RsiState } from './rsi-state.js';
export * as tdx from './tdx.js';
export * as pine from './pine.js';
