import type { RegisteredChartTool, ToolMethod } from './tool-metadata.js';

// What `@tool` (tool-decorator.ts) declared, read when a chart's registry binds its tools' hosts
// (bind-tool-hosts.ts). In the bundle both come with the built-in tools' chunk, so none of it is in the
// entry (issue #12).

/** `@tool` methods by function, in declaration order. */
export const registeredChartTools = new Map<ToolMethod, RegisteredChartTool>();
/** The same entries by tool name (a name is declared once). */
export const registeredChartToolNames = new Map<string, RegisteredChartTool>();

/** Every tool declared with `@tool`, in declaration order. */
export function getRegisteredChartTools(): readonly RegisteredChartTool[] {
  return [...registeredChartTools.values()];
}
