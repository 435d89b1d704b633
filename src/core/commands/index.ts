/** The command layer's public face: the chart core, its command hosts (whose `@tool` methods are the tools) and helpers the elements use. */
export { ChartCore, type ChartCoreOptions } from './chart-core.js';
export type { ChangeReason, CommandContext } from './command-context.js';
export { IndicatorCommands } from './indicator-commands.js';
export type { PaneSummary } from './pane-tools.js';
export { PaneCommands } from './pane-commands.js';
export { DrawingCommands } from './drawing-commands.js';
export { SettingsCommands } from './settings-commands.js';
export { ComparisonCommands } from './comparison-commands.js';
export { MarkerCommands } from './marker-commands.js';
export { PriceLineCommands } from './price-line-commands.js';
export { movePriceLine, type PriceLineChanges } from './price-line-edits.js';
export { RunCommands } from './run-commands.js';
export { CaptureCommands } from './capture-commands.js';
export { createAgentPort, type OpenPort } from './create-agent-port.js';
export { HOST_SOURCE_ID, HostDataSource, type HostBarsQuery } from './host-data-source.js';
export { createBarTimeScale, type BarTimeScale } from './drawing-time-index.js';
export type { IndicatorEngine } from './indicator-engine.js';
export { SETTINGS_KEYS, SettingsValues, type SettingsPatch } from '../state/index.js';
