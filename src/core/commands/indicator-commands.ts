import type { ChartCore } from './chart-core.js';

/** Indicator and pane commands (tools: indicators_*, panes_list). */
export class IndicatorCommands {
  constructor(readonly core: ChartCore) {}
}
