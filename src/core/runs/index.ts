export * from './run-ledger.js';
export * from './plan-run-revert.js';
export * from './summarize-run-changes.js';
