import type { ChartCore } from './chart-core.js';
import type { ToolRegistryOptions } from '../tools/tool-registry-types.js';
import { ChartTools } from './chart-tools.js';
import { MarketTools } from './market-tools.js';
import { IndicatorTools } from './indicator-tools.js';
import { PaneTools } from './pane-tools.js';
import { DrawingTools } from './drawing-tools.js';
import { HistoryTools } from './history-tools.js';
import { SettingsTools } from './settings-tools.js';
import { ComparisonTools } from './comparison-tools.js';
import { RunTools } from './run-tools.js';
import { CaptureTools } from './capture-tools.js';
import { MarkerTools } from './marker-tools.js';
import { PriceLineTools } from './price-line-tools.js';

/**
 * The objects whose `@tool` methods are a chart's built-in tools, made for one chart. This module
 * and what only it imports are a chunk of their own in the browser bundle, loaded after the first
 * paint (`ToolRegistry.ready`, issue #12): the tools' schemas, descriptions and bodies are not
 * needed to draw candles. What the element calls at once stays on the command objects of
 * {@link ChartCore}. The registry lists the tools host by host in this order, the order they are
 * described to a model (as before they moved here).
 */
export function createBuiltinToolHosts(core: ChartCore): object[] {
  // The registry's hooks around a call on this chart (run-tool-call.ts, invoke-host-tool.ts): a run's tag on the
  // steps it commits, the studies and convention forms a call needs loaded first (IndicatorTools sets
  // `beforeTool`), and a composed host tool as one undo step. Set here, not by ChartCore: `execute` runs no call
  // before this chunk is in (`ToolRegistry.ready`), so the entry does without them (issue #12).
  const hooks: Partial<ToolRegistryOptions> = {
    aroundRunCall: (tag, run) => core.store.tagged(tag, run),
    beforeInvoke: (name, input) => core.indicators.beforeTool?.(name, input),
    aroundComposedCall: (label, run) => core.store.grouped(label, run),
  };
  Object.assign(core.tools.callHost.options, hooks);
  return [
    new ChartTools(core),
    new MarketTools(core),
    new IndicatorTools(core.indicators),
    new PaneTools(core.panes, core.indicators),
    new DrawingTools(core.drawings),
    new HistoryTools(core),
    new SettingsTools(core.settings),
    new ComparisonTools(core.comparisons),
    new RunTools(core.runs),
    new CaptureTools(core.capture),
    new MarkerTools(core.markers),
    new PriceLineTools(core.priceLines),
  ];
}
