import { bindToolHosts } from './bind-tool-hosts.js';

/**
 * How a registry binds `@tool` methods when it is built (tool-registry.ts): at once, for Node and the
 * unbundled modules, whose registries may be given decorated hosts. The browser bundle replaces this
 * module with lazy-tool-binder.ts (rollup.config.js): there a chart's decorated hosts come with the
 * tools' chunk, which brings the binding too (tool-call-kit.ts).
 */
export const eagerToolBinder: typeof bindToolHosts | null = bindToolHosts;
