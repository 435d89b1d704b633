/**
 * What running a tool needs beyond listing it: reading the input into plain JSON and checking it
 * against the schema (defaults filled in). Loaded by `import()` with a chart's built-in tools
 * (`ToolRegistry.ready`), so none of it is in the first paint's code (issue #12).
 */
export { toPlainInput } from './to-plain-input.js';
export { checkToolInput, toolInputErrors } from './validate-tool-input.js';
