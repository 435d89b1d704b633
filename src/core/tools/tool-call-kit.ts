/**
 * What running a tool needs beyond listing it: reading the input into plain JSON, checking it
 * against the schema (defaults filled in), policy, the call itself and shaping its result. Loaded by
 * `import()` with a chart's built-in tools (`ToolRegistry.ready`), so none of it is in the first
 * paint's code (issue #12).
 */
export { runToolCall } from './run-tool-call.js';
export { invokeHostTool } from './invoke-host-tool.js';
export { bindToolHosts } from './bind-tool-hosts.js';
export { addToolHosts } from './add-tool-hosts.js';
