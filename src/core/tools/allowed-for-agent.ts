import type { Bound, ToolRegistryOptions } from './tool-registry-types.js';

/**
 * Whether a chart's policy lets an agent use the tool `name` (ignores the run's read-only flag). Only
 * the tool-call kit (run-tool-call.ts) and the agent port (src/core/commands/create-agent-port.ts) ask,
 * both chunks, so the check is not in the first paint's code (issue #12).
 */
export function allowedForAgent(
  host: { readonly tools: ReadonlyMap<string, Bound>; readonly options: Pick<ToolRegistryOptions, 'policy'> },
  name: string,
): boolean {
  const tool = host.tools.get(name);
  if (!tool) return false;
  const policy = host.options.policy();
  if (policy.agent === 'off') return false;
  if (policy.agent === 'read-only' && tool.safety !== 'read-only') return false;
  return !policy.allow || policy.allow.some((p) => (p.endsWith('*') ? name.startsWith(p.slice(0, -1)) : p === name));
}
