/**
 * The comparisons' chunk (issue #12): aligning a comparison's closes to the main bars and loading
 * its data for the shown period. ComparisonCommands loads it when a chart first has a comparison.
 */
export { alignCloses } from './align-series.js';
export { ensureComparison } from './ensure-comparison.js';
