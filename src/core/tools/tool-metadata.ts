import type { TObject } from '@sinclair/typebox';
import type { ToolExecutionMode, ToolSafety } from '../../protocol/index.js';

/** What `@tool` records about a method. */
export interface ToolMetadata {
  /** `^[a-z][a-z0-9_]{0,63}$`, e.g. `chart_set_period`. */
  readonly name: string;
  /** Short human label for menus and the command palette. */
  readonly label: string;
  /** For a model: what it does, when to use it, what it returns, its limits. */
  readonly description: string;
  readonly parameters: TObject;
  readonly safety: ToolSafety;
  readonly executionMode?: ToolExecutionMode;
  /**
   * Appends live values to the description when a port lists tools (source ids, pane ids…).
   * Receives the host object that owns the method.
   */
  readonly liveDescription?: (host: never) => string;
  /**
   * The schema when it depends on registrations made at run time (drawing_create's `kind` enum
   * grows with `registerDrawingKind`): used instead of `parameters` when tools are listed,
   * described and validated. Return the same object while nothing changed (it is not copied).
   */
  readonly liveParameters?: (host: never) => TObject;
}

/** What a tool method returns on success. Failures are thrown as `ToolCallError`. */
export interface ToolOutput {
  readonly data: unknown;
  /** Compact text for the model (query tools). */
  readonly text?: string;
  /** Defaults to true for mutating tools, false for read-only ones. */
  readonly stateChanged?: boolean;
}

/** Passed as the second argument to every tool method. */
export interface ToolCallContext {
  readonly signal: AbortSignal;
  readonly runId?: string;
  /** Who called: `user` (toolbar, palette, keyboard) or `agent`. */
  readonly origin: 'user' | 'agent' | 'host';
  /** Throws `stale_binding` if the chart's symbol, period, source or data generation changed since the call began. */
  assertTarget(): void;
  /** Reports progress of a long call (`fraction` 0..1); reaches the caller's `onProgress`, else nothing. */
  progress(fraction: number | undefined, message: string): void;
  /** Runs another tool from inside this one (host tools). */
  execute(name: string, input: unknown): Promise<import('../../protocol/index.js').ToolResult>;
}

export type ToolMethod = (input: never, context: ToolCallContext) => ToolOutput | Promise<ToolOutput>;

/** A registered built-in tool: metadata plus the exact function it decorates. */
export interface RegisteredChartTool extends ToolMetadata {
  readonly executionMode: ToolExecutionMode;
  readonly methodName: string;
  readonly method: ToolMethod;
}
