import { deepFreeze } from './deep-freeze.js';
import type { RegisteredChartTool, ToolMetadata } from './tool-metadata.js';
import { registeredChartToolNames as byName, registeredChartTools as registered } from './registered-chart-tools.js';

export { getRegisteredChartTools } from './registered-chart-tools.js';

const TOOL_NAME = /^[a-z][a-z0-9_]{0,63}$/;

/**
 * Marks a command method as a tool. Nothing is generated around the method: the registry keeps the
 * metadata keyed by the function itself, and a chart finds the host that owns it by identity.
 *
 * @example
 * class ChartTools {
 *   \@tool({ name: 'chart_set_period', label: 'Set period', description: '…', parameters, safety: 'mutating' })
 *   async setPeriod(input: { period: Period }, ctx: ToolCallContext) { … }
 * }
 */
export function tool(metadata: ToolMetadata) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- TS's ClassMethodDecoratorContext constrains F to `(...args: any) => any`
  return function decorate<This, F extends (this: This, ...args: any) => any>(
    method: F,
    context: ClassMethodDecoratorContext<This, F>,
  ): F {
    if (!TOOL_NAME.test(metadata.name)) throw new Error(`Invalid tool name '${metadata.name}'`);
    if (byName.has(metadata.name)) throw new Error(`Tool '${metadata.name}' is registered twice`);
    const entry: RegisteredChartTool = deepFreeze({
      ...metadata,
      executionMode: metadata.executionMode ?? (metadata.safety === 'read-only' ? 'parallel' : 'sequential'),
      methodName: String(context.name),
      method: method,
    });
    registered.set(entry.method, entry);
    byName.set(entry.name, entry);
    return method;
  };
}
