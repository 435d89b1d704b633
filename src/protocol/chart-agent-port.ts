import type { ChartContext } from './chart-context.js';
import type { ToolDescriptor, ToolResult } from './tool-result.js';

export interface PortExecuteOptions {
  readonly signal?: AbortSignal;
  /** The run may only use read-only tools; the port refuses others with `not_allowed`. */
  readonly readOnly?: boolean;
  readonly runId?: string;
}

/**
 * What a chart hands a panel. Everything crossing it is structured-cloneable JSON,
 * so a postMessage adapter for iframes needs no other change.
 */
export interface ChartAgentPort {
  readonly chartId: string;
  tools(): ToolDescriptor[];
  context(): ChartContext | null;
  /** Called on every context change; returns an unsubscribe function. */
  subscribe(listener: (context: ChartContext | null) => void): () => void;
  execute(name: string, input: unknown, options?: PortExecuteOptions): Promise<ToolResult>;
  /** Resolves when the chart is removed or its agent access is turned off. */
  readonly closed: Promise<void>;
}
