import type { AgentEvent } from '../../../src/protocol/index.js';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** Builds a well-formed event log from bodies: seq from 1, one session, times 1 s apart. */
export function makeLog(
  bodies: DistributiveOmit<AgentEvent, 'seq' | 'sessionId' | 'at'>[],
  sessionId = 's1',
): AgentEvent[] {
  return bodies.map((body, i) => ({ ...body, seq: i + 1, sessionId, at: 1_000 * (i + 1) }));
}
