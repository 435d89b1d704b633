import type { Static, TObject } from '@sinclair/typebox';
import type { ToolExecutionMode, ToolSafety } from '../../protocol/index.js';
import type { ToolCallContext } from './tool-metadata.js';

/** A tool a host page adds to a chart's registry. */
export interface HostToolDefinition<P extends TObject = TObject> {
  readonly name: string;
  readonly label: string;
  readonly description: string;
  /** Extra guidance appended to the description for the model. */
  readonly instructions?: string;
  /** Example inputs; each is validated against `parameters` at registration. */
  readonly examples?: readonly { readonly description: string; readonly input: Static<P> }[];
  readonly parameters: P;
  readonly safety: ToolSafety;
  readonly executionMode?: ToolExecutionMode;
  execute(input: Static<P>, ctx: HostToolContext): unknown | Promise<unknown>;
}

/** What a host tool receives: the run's signal, the chart context and a way to compose built-ins. */
export interface HostToolContext extends ToolCallContext {
  readonly context: unknown;
}

/** Identity helper that keeps the input type inferred from the schema. */
export function defineTool<P extends TObject>(definition: HostToolDefinition<P>): HostToolDefinition<P> {
  return definition;
}

/** Prefixes reserved for built-in tools. */
export const RESERVED_TOOL_PREFIXES = [
  'chart_',
  'market_',
  'instruments_',
  'indicators_',
  'drawing_',
  'drawings_',
  'comparison_',
  'comparisons_',
  'pane_',
  'panes_',
  'settings_',
  'history_',
  'ask_user',
  'web_search',
  'markers_',
  'price_lines_',
] as const;
