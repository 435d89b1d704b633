import type { ChartContext } from './chart-context.js';
import type { ToolDescriptor, ToolResult } from './tool-result.js';

export interface PortExecuteOptions {
  readonly signal?: AbortSignal;
  /** The run may only use read-only tools; the port refuses others with `not_allowed`. */
  readonly readOnly?: boolean;
  readonly runId?: string;
  /** The model's id for the call; the chart records it with the steps the call commits. */
  readonly callId?: string;
  /**
   * Called while a long tool runs (paging through history, loading a symbol): `fraction` in 0..1
   * when known, `message` in words. The only function in the options: a same-document port calls
   * it directly; a postMessage adapter keeps it on its side and forwards each report as a
   * `progress` message for the call (functions cannot be cloned).
   */
  readonly onProgress?: (progress: ToolProgress) => void;
}

/** One progress report of a running tool. */
export interface ToolProgress {
  /** 0..1 when the tool knows how far it is. */
  readonly fraction?: number;
  readonly message: string;
}

/** What one agent run changed on a chart, as JSON: each changed slice before the run's first step and after its last. */
export interface RunChangeSet {
  readonly runId: string;
  readonly slices: Readonly<Record<string, { readonly before: unknown; readonly after: unknown }>>;
}

/** A run's changes in words ("period 1d → 1w", "MACD(12,26,9) added") plus the change set to undo them later. */
export interface RunChanges {
  readonly runId: string;
  readonly summary: readonly string[];
  readonly changes: RunChangeSet;
}

/**
 * Why a run cannot be undone (or redone), as data, so a panel can say it in its reader's language:
 * `changed`: a later change touched `slice` (`key`: the indicator, pane, drawing, comparison or
 * setting); `nothing`: the chart remembers no change of the run; `unsupported`: the chart cannot
 * undo runs. `chartId` names the chart when a panel drives several.
 */
export interface RunConflict {
  readonly reason: 'changed' | 'nothing' | 'unsupported';
  readonly slice?: string;
  readonly key?: string;
  readonly chartId?: string;
}

/**
 * Outcome of undoing (or redoing) a run. `conflicts` in English (what the model reads);
 * `reasons` the same as data (optional: older charts send only the text).
 */
export type RunRevertResult =
  | { readonly ok: true; readonly summary: readonly string[] }
  | { readonly ok: false; readonly conflicts: readonly string[]; readonly reasons?: readonly RunConflict[] };

/**
 * What a chart hands a panel. Everything crossing it is structured-cloneable JSON,
 * so a postMessage adapter for iframes needs no other change.
 */
export interface ChartAgentPort {
  readonly chartId: string;
  tools(): ToolDescriptor[];
  /**
   * Resolves when `tools()` lists every tool (a chart's built-in tools are a chunk loaded after its
   * first paint); optional: a port without it lists everything at once.
   */
  toolsReady?(): Promise<void>;
  context(): ChartContext | null;
  /** Called on every context change; returns an unsubscribe function. */
  subscribe(listener: (context: ChartContext | null) => void): () => void;
  execute(name: string, input: unknown, options?: PortExecuteOptions): Promise<ToolResult>;
  /** Resolves when the chart is removed or its agent access is turned off. */
  readonly closed: Promise<void>;
  /** What run `runId` changed, or null when it changed nothing (optional: older charts lack it). */
  runChanges?(runId: string): RunChanges | null;
  /**
   * Reverts (`undo`) or re-applies (`redo`) a run's changes as one undo step, leaving later
   * changes to other things alone; refuses with the conflicts when a later change touched the same
   * things. `changes` comes from a stored session when the chart no longer remembers the run.
   */
  revertRun?(runId: string, direction: 'undo' | 'redo', changes?: RunChangeSet): Promise<RunRevertResult>;
}
