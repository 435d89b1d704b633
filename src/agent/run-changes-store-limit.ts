/**
 * The most a session stores of one run's change sets, in characters of JSON (about bytes): its
 * `run.changes` set, and all its `run.changes.checkpoint` sets together. A larger set is kept in the
 * tab's memory only (the chart remembers the run: "Undo run" works until the page is reloaded) and
 * stored without its units, marked `changesStored: false` (docs/contracts.md, "Runs").
 */
export const RUN_CHANGES_STORE_LIMIT = 2_000_000;
