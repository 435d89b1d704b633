import type { ChartAgentPort, ChartContext, PortExecuteOptions, ToolResult } from '../../protocol/index.js';
import { effect } from '../store/index.js';
import { allowedForAgent } from '../tools/allowed-for-agent.js';
import type { ChartCore } from './chart-core.js';

/** A port plus the handle its owner uses to close it. */
export interface OpenPort {
  readonly port: ChartAgentPort;
  close(): void;
}

/**
 * The agent's only view of a chart. Policy is enforced here (not only in the prompt): tools the
 * `agent` attribute or allow-list forbid are neither listed nor executed, and a read-only run is
 * refused every mutating tool. Everything crossing it is plain JSON.
 */
export function createAgentPort(core: ChartCore): OpenPort {
  let closeFn: () => void = () => undefined;
  const closed = new Promise<void>((resolve) => (closeFn = resolve));
  let isClosed = false;
  const disposers = new Set<() => void>();
  const close = () => {
    if (isClosed) return;
    isClosed = true;
    for (const d of disposers) d();
    disposers.clear();
    closeFn();
  };
  const port: ChartAgentPort = {
    get chartId() {
      return core.chartId;
    },
    tools: () => (isClosed ? [] : core.tools.describe((t) => allowedForAgent(core.tools.callHost, t.name))),
    toolsReady: () => core.tools.ready(),
    context: () => toJson(core.context.get()),
    subscribe(listener) {
      let first = true;
      const dispose = effect(() => {
        const ctx = core.context.get();
        if (first) {
          first = false;
          return;
        }
        listener(toJson(ctx));
      });
      disposers.add(dispose);
      return () => {
        dispose();
        disposers.delete(dispose);
      };
    },
    async execute(name: string, input: unknown, options: PortExecuteOptions = {}): Promise<ToolResult> {
      if (isClosed) {
        return {
          success: false,
          stateChanged: false,
          error: { code: 'not_allowed', message: 'The chart is disconnected.', retryable: false },
        };
      }
      const result = await core.tools.execute(name, input, { ...options, origin: 'agent' });
      return toJson(result);
    },
    closed,
    // The asker lets go of it (docs/contracts.md "Handshake"): the chart's set drops it once `closed` resolves.
    close,
    runChanges: (runId) => (isClosed ? null : toJson(core.runs.changes(runId))),
    async revertRun(runId, direction, changes) {
      if (isClosed) return { ok: false, conflicts: ['the chart is disconnected'] };
      return toJson(await core.runs.revert(runId, direction, changes));
    },
  };
  return { port, close };
}

/** Structured-cloneable copy (drops typed arrays' identity, functions and symbols). */
function toJson<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

export type { ChartContext };
