import type { ChartCore } from './chart-core.js';

/** Drawing, selection and history commands (tools: drawing_*, drawings_*, chart_set_selection, history_*). */
export class DrawingCommands {
  constructor(readonly core: ChartCore) {}
}
