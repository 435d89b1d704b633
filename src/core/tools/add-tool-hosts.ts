import { bindToolHosts } from './bind-tool-hosts.js';
import type { Bound } from './tool-registry-types.js';

/**
 * Binds the `@tool` methods of `hosts` (the built-in tools, loaded by `ToolRegistry.ready`) into
 * `tools` before the host's own tools, which keep their order whenever they were registered. Comes
 * with the tool-call kit (tool-call-kit.ts), which `ready` loads with the hosts (issue #12).
 */
export function addToolHosts(hosts: readonly object[], tools: Map<string, Bound>): void {
  const registered = [...tools.values()].filter((t) => t.kind === 'host');
  for (const t of registered) tools.delete(t.name);
  bindToolHosts(hosts, tools);
  for (const t of registered) if (!tools.has(t.name)) tools.set(t.name, t);
}
