export * from './run-ledger.js';
export * from './equal.js';
export * from './summarize-run-changes.js';
export * from './describe-run-conflict.js';
// plan-run-revert.ts is not re-exported: run-commands.ts imports it on demand, so the three-way
// merge of "undo run" stays out of the eager bundle (issue #12).
export type { RunRevertPlan } from './plan-run-revert.js';
