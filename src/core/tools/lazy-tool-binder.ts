import type { bindToolHosts } from './bind-tool-hosts.js';

/**
 * The bundle's `default-tool-binder.js` (rollup.config.js): no binding in the entry. A chart's registry
 * is built with hosts that have no `@tool` methods (chart-core.ts); its built-in tools' hosts arrive with
 * the tools' chunk, which binds them (tool-call-kit.ts `bindToolHosts`, issue #12).
 */
export const eagerToolBinder: typeof bindToolHosts | null = null;
