import type { AgentEvent } from '../protocol/index.js';

/** Whether `a` is `b` received again (a live event seen twice): the same place in the log, type, run and time. */
export function isSameEvent(a: AgentEvent | undefined, b: AgentEvent): boolean {
  return a !== undefined && a.seq === b.seq && a.type === b.type && a.at === b.at && a.runId === b.runId;
}
