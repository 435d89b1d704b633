import type { ChartCore } from './chart-core.js';
// Imported in the order the tools are described to a model: a module's `@tool`s register when it is
// evaluated, and the registry lists them in that order (tool-registry.ts).
import { DrawingTools } from './drawing-tools.js';
import { ComparisonTools } from './comparison-tools.js';
import { PriceLineTools } from './price-line-tools.js';

/**
 * The objects whose `@tool` methods are a chart's built-in tools, made for one chart. This module
 * and what only it imports are a chunk of their own in the browser bundle, loaded after the first
 * paint (`ToolRegistry.ready`, issue #12): the tools' schemas, descriptions and bodies are not
 * needed to draw candles. What the element calls at once stays on the command objects of
 * {@link ChartCore}. Listed in the order the tools are described to a model.
 */
export function createBuiltinToolHosts(core: ChartCore): object[] {
  return [
    // The groups in order: chart, market, indicators, panes, drawings, history, settings, comparisons,
    // markers, price lines, runs, capture.
    new DrawingTools(core.drawings),
    new ComparisonTools(core.comparisons),
    new PriceLineTools(core.priceLines),
  ];
}
