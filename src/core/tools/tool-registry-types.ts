import type { TObject } from '@sinclair/typebox';
import type { ToolExecutionMode, ToolSafety } from '../../protocol/index.js';
import type { ToolCallContext, ToolOutput } from './tool-metadata.js';

// The registry's types, shared with the call runner (run-tool-call.ts) without an import cycle.

/** Who may use which tools through the agent port. User calls are never restricted. */
export interface ToolPolicy {
  /** `off`: no agent; `read-only`: read-only tools only; `full`. */
  readonly agent: 'off' | 'read-only' | 'full';
  /** Tool names or prefixes ending in `*`; `null` = all. */
  readonly allow: readonly string[] | null;
}

export interface ToolExecuteOptions {
  readonly signal?: AbortSignal;
  readonly readOnly?: boolean;
  readonly runId?: string;
  /** The model's id for this call, recorded with the steps it commits. */
  readonly callId?: string;
  readonly origin?: 'user' | 'agent' | 'host';
  /** Receives the call's progress reports (paged history, symbol loads). */
  readonly onProgress?: (progress: { fraction?: number; message: string }) => void;
}

/** One tool as a chart's registry sees it. */
export interface ToolEntry {
  readonly name: string;
  readonly label: string;
  readonly description: string;
  readonly parameters: TObject;
  readonly safety: ToolSafety;
  readonly executionMode: ToolExecutionMode;
  /** `builtin` tools come from `@tool` methods; `host` tools from `register`. */
  readonly kind: 'builtin' | 'host';
}

/** A listed tool with what runs it (run-tool-call.ts). */
export interface Bound extends ToolEntry {
  invoke(input: unknown, ctx: ToolCallContext): Promise<ToolOutput>;
  live?: () => string;
}

/** What a registry needs of its chart. */
export interface ToolRegistryOptions {
  policy: () => ToolPolicy;
  /** A stamp of what the chart targets (symbol, period, source, data generation). */
  target: () => string;
  /** The chart context handed to host tools. */
  context: () => unknown;
  /**
   * Wraps every top-level mutating call that belongs to an agent run, so the steps it commits
   * are recorded as that run's (the chart's "undo run").
   */
  aroundRunCall?: <T>(tag: { runId: string; callId?: string }, run: () => Promise<T>) => Promise<T>;
  /**
   * Wraps a mutating host tool's execution so the steps its child calls commit become ONE undo
   * step labelled with its name (docs/contracts.md "Host tools").
   */
  aroundComposedCall?: <T>(label: string, run: () => Promise<T>) => Promise<T>;
  /**
   * Awaited before a validated call runs (after policy and input checks): loads what the call
   * needs that may not be loaded yet, e.g. the code of the study it names.
   */
  beforeInvoke?: (name: string, input: unknown) => Promise<void> | void;
  /**
   * Loads the objects whose `@tool` methods are the rest of the built-in tools: in the browser bundle
   * they are a chunk of their own, fetched after the first paint (issue #12). Until they are in,
   * `list`, `describe` and `has` show only the tools of the constructor's hosts; `execute` waits for
   * them. A failed load is forgotten, so the next `ready()` or `execute` tries again.
   */
  loadHosts?: () => Promise<readonly object[]>;
}
