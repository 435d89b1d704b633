/**
 * The bundle entry: defines `<kline-chart>` and `<chart-agent-panel>` for a plain
 * `<script type="module" src="kline-chart.js">`. Only the chart is in this file: the panel's
 * implementation is a chunk beside it (`chunks/`), loaded when a `<chart-agent-panel>` first
 * appears in the document (or on `loadChartAgentPanel()`); the command palette, settings dialog,
 * indicator settings and the model client load on first use.
 */
import './kline-chart/define.js';
import { autoloadChartAgentPanel } from './chart-agent-panel/load-chart-agent-panel.js';

autoloadChartAgentPanel();

export {
  KlineChart,
  type ChartToolsApi,
  type KlineChartEventDetails,
  type KlineChartEventMap,
  type KlineReadyDetail,
  type KlineDataLoadDetail,
  type KlineContextChangeDetail,
  type KlineSelectionChangeDetail,
  type KlineChangeDetail,
  type KlineErrorDetail,
  type KlinePrimitiveClickDetail,
} from './kline-chart/index.js';
/** The panel's class is a type here; at run time `await loadChartAgentPanel()` returns it. */
export type {
  ChartAgentPanel,
  ChartAgentPanelEventDetails,
  ChartAgentPanelEventMap,
  AgentRunDetail,
  AgentConnectionDetail,
} from './chart-agent-panel/index.js';
export { loadChartAgentPanel } from './chart-agent-panel/load-chart-agent-panel.js';
export { defineTool, ToolCallError } from '../src/core/tools/index.js';
/** Locales (docs/contracts.md, "Locales"): add or override strings, preload a built-in translation. */
export { registerLocale, loadLocale, availableLocales, type LocaleStrings, type Catalogue } from './i18n/index.js';
/**
 * Data sources a host can register (`chart.registerDataSource(...)`), e.g. Binance behind a proxy.
 * Same signatures as in `src/core/data`; their code loads from a chunk on first use.
 */
export { lazyBinanceSource as createBinanceSource, lazyUrlSource as createUrlSource } from '../src/core/data/index.js';
/** Builds a study for `chart.registerIndicator(...)` the way the built-ins are built. */
export { defineIndicator } from '../src/core/indicators/index.js';
export type { Bar, Bars, DataSource, Period } from '../src/core/data/index.js';
/** Adds a drawing kind to every chart on the page (docs/adding-a-drawing-kind.md). */
export { registerDrawingKind } from '../src/core/drawings/index.js';
export type {
  DrawingKindDefinition,
  DrawingGeometryInput,
  DrawingPrimitive,
  DrawingEditorField,
} from '../src/core/drawings/index.js';
/**
 * TypeBox's JSON-shape builders (`Type.Object`, `Type.String`, `Type.Number`, `Type.Integer`,
 * `Type.Boolean`, `Type.Array`, `Type.Union`, `Type.Literal`, `Type.Optional`, `Type.Record`, …:
 * src/core/tools/json-type.ts), so a host page can write a tool's parameter schema without a
 * build step. Not TypeBox's whole `Type` (no template literals or conditional types).
 */
export { Type } from '../src/core/tools/json-type.js';
