import type {
  ChartAgentPort,
  ChartContext,
  PortExecuteOptions,
  RunChanges,
  RunChangeSet,
  RunConflict,
  RunRevertResult,
  RunSliceChange,
  ToolDescriptor,
  ToolResult,
} from '../protocol/index.js';

/** A port over several charts: each tool once, with a required `chart` parameter naming the chart. */
export interface MultiChartPort extends ChartAgentPort {
  /** The connected charts' ports, in order. */
  readonly ports: readonly ChartAgentPort[];
  /** Every chart's context, in the order of {@link ports}. */
  contexts(): (ChartContext | null)[];
}

/** Separates the chart id from the slice name in a combined change set. */
/** Between a chart's id and a slice name in a combined change set (`c2::indicators`). */
export const SLICE_SEPARATOR = '::';

/**
 * One {@link ChartAgentPort} over several: the model sees each tool once with a required `chart`
 * parameter (an enum of the chart ids, each described by its symbol and period), and a call goes
 * to that chart's port without the parameter. Context is the first chart's; {@link MultiChartPort.contexts}
 * has all. Closes when any chart closes (the panel then connects again to those left); `close()` lets
 * every chart's port go.
 */
export function createMultiChartPort(ports: readonly ChartAgentPort[]): MultiChartPort {
  const byId = new Map(ports.map((p) => [p.chartId, p]));
  const ids = [...byId.keys()];
  const describeCharts = () =>
    ports
      .map((p) => {
        const c = safe(() => p.context(), null);
        return c ? `${p.chartId} = ${c.symbol} ${c.period}` : `${p.chartId} (no data yet)`;
      })
      .join('; ');
  const unknown = (chart: unknown): ToolResult => ({
    success: false,
    stateChanged: false,
    error: {
      code: 'invalid_input',
      message: `Say which chart with "chart": one of ${ids.join(', ')}.`,
      retryable: true,
      details: [{ path: 'chart', reason: chart === undefined ? 'required' : `expected one of ${ids.join(', ')}` }],
      recommendedAction: `Call again with "chart" set to one of: ${describeCharts()}.`,
    },
  });
  return {
    ports,
    get chartId() {
      return ids.join(' ');
    },
    tools(): ToolDescriptor[] {
      const seen = new Map<string, ToolDescriptor>();
      for (const port of ports)
        for (const tool of safe(() => port.tools(), [])) if (!seen.has(tool.name)) seen.set(tool.name, tool);
      const charts = describeCharts();
      return [...seen.values()].map((tool) => withChartParameter(tool, ids, charts));
    },
    async toolsReady(): Promise<void> {
      for (const port of ports) await port.toolsReady?.().catch(() => undefined);
    },
    context: () => safe(() => ports[0].context(), null),
    contexts: () => ports.map((p) => safe(() => p.context(), null)),
    subscribe(listener) {
      const offs = ports.map((p) => p.subscribe(() => listener(safe(() => ports[0].context(), null))));
      return () => {
        for (const off of offs) off();
      };
    },
    async execute(name: string, input: unknown, options?: PortExecuteOptions): Promise<ToolResult> {
      const record =
        input && typeof input === 'object' && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
      const { chart, ...rest } = record;
      const port = typeof chart === 'string' ? byId.get(chart) : undefined;
      if (!port) return unknown(chart);
      return port.execute(name, rest, options);
    },
    closed: Promise.race(ports.map((p) => p.closed)),
    close() {
      for (const port of ports) port.close?.();
    },
    runChanges(runId: string): RunChanges | null {
      const summary: string[] = [];
      const slices: Record<string, RunSliceChange> = {};
      for (const port of ports) {
        const changes = safe(() => port.runChanges?.(runId) ?? null, null);
        if (!changes) continue;
        summary.push(...changes.summary.map((line) => `${port.chartId}: ${line}`));
        for (const [slice, value] of Object.entries(changes.changes.slices))
          slices[`${port.chartId}${SLICE_SEPARATOR}${slice}`] = value;
      }
      return summary.length > 0 ? { runId, summary, changes: { runId, slices } } : null;
    },
    async revertRun(runId: string, direction: 'undo' | 'redo', changes?: RunChangeSet): Promise<RunRevertResult> {
      const summary: string[] = [];
      const conflicts: string[] = [];
      // Every refusal as data, or none (an older chart sends only text).
      let reasons: RunConflict[] | undefined = [];
      for (const port of ports) {
        if (!port.revertRun) continue;
        const own = changes ? sliceFor(changes, port.chartId) : undefined;
        if (changes && !own) continue;
        const own2 = own ?? safe(() => port.runChanges?.(runId)?.changes ?? null, null);
        if (!own2) continue;
        const result = await port.revertRun(runId, direction, own2);
        if (result.ok) summary.push(...result.summary.map((line) => `${port.chartId}: ${line}`));
        else {
          conflicts.push(...result.conflicts.map((line) => `${port.chartId}: ${line}`));
          reasons =
            result.reasons && reasons
              ? [...reasons, ...result.reasons.map((r) => ({ ...r, chartId: port.chartId }))]
              : undefined;
        }
      }
      if (conflicts.length === 0) return { ok: true, summary };
      return reasons ? { ok: false, conflicts, reasons } : { ok: false, conflicts };
    },
  };
}

/** The part of a combined change set that belongs to `chartId`, or undefined when none does. */
function sliceFor(changes: RunChangeSet, chartId: string): RunChangeSet | undefined {
  const prefix = `${chartId}${SLICE_SEPARATOR}`;
  const slices: Record<string, RunSliceChange> = {};
  for (const [key, value] of Object.entries(changes.slices))
    if (key.startsWith(prefix)) slices[key.slice(prefix.length)] = value;
  return Object.keys(slices).length > 0 ? { runId: changes.runId, slices } : undefined;
}

function withChartParameter(tool: ToolDescriptor, ids: readonly string[], charts: string): ToolDescriptor {
  const parameters = tool.parameters as { properties?: Record<string, unknown>; required?: string[] };
  return {
    ...tool,
    description: `${tool.description} Several charts are connected: name one with "chart" (${charts}).`,
    parameters: {
      ...tool.parameters,
      properties: {
        chart: { type: 'string', enum: [...ids], description: `The chart to use: ${charts}.` },
        ...(parameters.properties ?? {}),
      },
      required: ['chart', ...(parameters.required ?? []).filter((r) => r !== 'chart')],
    },
  };
}

function safe<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback;
  }
}
