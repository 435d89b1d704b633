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

/**
 * What one agent run changed on a chart, as JSON: per changed slice, what it was before the run's first
 * step and after its last. Slices made of units (drawings, price lines and markers per instrument;
 * indicators, panes, comparisons; settings by key) hold only the units that differ
 * ({@link RunUnitsChange}); `target` and `selection` hold their whole value. Sets stored before
 * 2026-12-07 hold every slice whole: readers accept both.
 */
export interface RunChangeSet {
  readonly runId: string;
  readonly slices: Readonly<Record<string, RunSliceChange>>;
}

/** One slice's change: its whole value before and after, or only the units that differ. */
export type RunSliceChange = RunWholeChange | RunUnitsChange;

/** A slice's whole value before the run and after it. */
export interface RunWholeChange {
  readonly before: unknown;
  readonly after: unknown;
}

/** The units of a slice whose value differs between before and after the run (none: only their order changed). */
export interface RunUnitsChange {
  readonly units: readonly RunUnitChange[];
}

/** One unit a run added, changed or removed. */
export interface RunUnitChange {
  /** The instrument (`sourceId:symbol`) whose list holds it: drawings, price lines, markers. */
  readonly group?: string;
  /** Its key: the id (drawings, price lines, markers, panes), `instanceId` (indicators), `sourceId:symbol` (comparisons), the setting's key. */
  readonly key: string;
  /** Its value before the run; absent when the run added it. */
  readonly before?: unknown;
  /** Its value after the run; absent when the run removed it. */
  readonly after?: unknown;
  /** Its index in its list before / after the run (lists only): a revert puts it back there. */
  readonly beforeAt?: number;
  readonly afterAt?: number;
  /**
   * In a stored digest only (`run.changes` `digest`, src/agent/digest-run-changes.ts): the number of
   * units alike this one stands for, whose values were not kept. Absent: one.
   */
  readonly count?: number;
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
  /** Resolves when the chart is removed or its agent access is turned off, or after `close()`. */
  readonly closed: Promise<void>;
  /**
   * The asker lets go of the port (a panel that disconnects, or a late reply it does not use): the
   * chart forgets it and `closed` resolves. Optional: older charts' ports lack it.
   */
  close?(): void;
  /** What run `runId` changed, or null when it changed nothing (optional: older charts lack it). */
  runChanges?(runId: string): RunChanges | null;
  /**
   * Reverts (`undo`) or re-applies (`redo`) a run's changes as one undo step, leaving later
   * changes to other things alone; refuses with the conflicts when a later change touched the same
   * things. `changes` comes from a stored session when the chart no longer remembers the run.
   */
  revertRun?(runId: string, direction: 'undo' | 'redo', changes?: RunChangeSet): Promise<RunRevertResult>;
}
