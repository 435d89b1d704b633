import type { ChartCore } from './chart-core.js';
// The order of these imports is the order the tools are described to a model (and listed): a tool is
// registered when its class is evaluated (tool-decorator.ts), and ToolRegistry binds tools in that order.
// It is the order of the command modules' imports in chart-core.ts before the tools moved here.
import { RunTools } from './run-tools.js';
import { CaptureTools } from './capture-tools.js';
import { MarkerTools } from './marker-tools.js';
import { PriceLineTools } from './price-line-tools.js';

/**
 * The objects whose `@tool` methods are a chart's built-in tools, made for one chart. This module
 * and what only it imports are a chunk of their own in the browser bundle, loaded after the first
 * paint (`ToolRegistry.ready`, issue #12): the tools' schemas, descriptions and bodies are not
 * needed to draw candles. What the element calls at once stays on the command objects of
 * {@link ChartCore}.
 */
export function createBuiltinToolHosts(core: ChartCore): object[] {
  return [
    new MarkerTools(core.markers),
    new PriceLineTools(core.priceLines),
    new RunTools(core.runs),
    new CaptureTools(core.capture),
  ];
}
