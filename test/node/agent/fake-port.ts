import type {
  ChartAgentPort,
  ChartContext,
  PortExecuteOptions,
  ToolDescriptor,
  ToolResult,
} from '../../../src/protocol/index.js';

/** One recorded call of the fake port. */
export interface FakeCall {
  name: string;
  input: unknown;
  options: PortExecuteOptions | undefined;
  startedAt: number;
  endedAt: number;
}

/** A fake tool: its descriptor fields and what executing it does. */
export interface FakeTool {
  name: string;
  safety: ToolDescriptor['safety'];
  executionMode: ToolDescriptor['executionMode'];
  run?: (input: unknown, options: PortExecuteOptions | undefined) => Promise<ToolResult> | ToolResult;
}

export const sampleContext: ChartContext = {
  chartId: 'chart-1',
  symbol: 'DEMO',
  symbolName: 'Demo Corp',
  market: 'demo',
  exchange: 'DEMOX',
  source: 'sample',
  period: '1d',
  timezone: 'Asia/Shanghai',
  dataRange: { from: Date.UTC(2024, 0, 1), to: Date.UTC(2024, 11, 31), bars: 250 },
  visibleRange: { from: Date.UTC(2024, 9, 1), to: Date.UTC(2024, 11, 31), bars: 60 },
  selection: null,
  activeIndicators: [{ instanceId: 'ind_ma_1', definitionId: 'MA', params: { period: 20 }, paneId: 'main' }],
  drawingSelection: { selectedIds: [], drawings: [] },
  comparisons: [],
  dataRevision: 1,
};

/** A small {@link ChartAgentPort} with a few tools, recording every execute call. */
export function createFakePort(tools: FakeTool[] = defaultTools()): ChartAgentPort & {
  calls: FakeCall[];
  /** Names of the calls that have started (a call is in `calls` once it has finished). */
  started: string[];
  close(): void;
} {
  const calls: FakeCall[] = [];
  const started: string[] = [];
  let close!: () => void;
  const closed = new Promise<void>((resolve) => {
    close = resolve;
  });
  return {
    chartId: 'chart-1',
    calls,
    started,
    close,
    closed,
    tools: () =>
      tools.map((t) => ({
        name: t.name,
        label: t.name,
        description: `Fake ${t.name}.`,
        parameters: { type: 'object', properties: {} },
        safety: t.safety,
        executionMode: t.executionMode,
      })),
    context: () => sampleContext,
    subscribe: () => () => undefined,
    async execute(name, input, options) {
      const tool = tools.find((t) => t.name === name);
      const startedAt = Date.now();
      started.push(name);
      const result: ToolResult = tool
        ? await (tool.run?.(input, options) ?? {
            success: true,
            stateChanged: tool.safety === 'mutating',
            data: { ok: name },
          })
        : { success: false, stateChanged: false, error: { code: 'unknown_tool', message: name, retryable: false } };
      calls.push({ name, input, options, startedAt, endedAt: Date.now() });
      return result;
    },
  };
}

export function defaultTools(): FakeTool[] {
  return [
    {
      name: 'chart_get_context',
      safety: 'read-only',
      executionMode: 'parallel',
      run: () => ({ success: true, stateChanged: false, data: sampleContext }),
    },
    { name: 'market_bars_query', safety: 'read-only', executionMode: 'parallel' },
    { name: 'chart_set_period', safety: 'mutating', executionMode: 'sequential' },
  ];
}

/** A tool that takes `ms` to finish (honouring abort). */
export function slowTool(
  name: string,
  ms: number,
  safety: ToolDescriptor['safety'],
  executionMode: ToolDescriptor['executionMode'],
): FakeTool {
  return {
    name,
    safety,
    executionMode,
    run: (_input, options) =>
      new Promise<ToolResult>((resolve) => {
        const timer = setTimeout(() => resolve({ success: true, stateChanged: false, data: { name } }), ms);
        options?.signal?.addEventListener('abort', () => {
          clearTimeout(timer);
          resolve({
            success: false,
            stateChanged: false,
            error: { code: 'aborted', message: 'aborted', retryable: true },
          });
        });
      }),
  };
}
