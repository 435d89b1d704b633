import type { TObject } from '@sinclair/typebox';
import { getRegisteredChartTools } from './registered-chart-tools.js';
import type { RegisteredChartTool, ToolMethod } from './tool-metadata.js';
import type { Bound } from './tool-registry-types.js';

/**
 * Adds to `tools` the `@tool` methods of `hosts` among those declared (registered-chart-tools.ts): host
 * by host, in the given order, each in declaration order, matched by function identity, never by name
 * (tool-registry.ts). In the bundle this comes with the built-in tools (tool-call-kit.ts): only their
 * hosts have `@tool` methods, and what `@tool` declared is read here only, so none of it is in the
 * entry (issue #12).
 */
export function bindToolHosts(hosts: readonly object[], tools: Map<string, Bound>): void {
  const declared = getRegisteredChartTools();
  for (const host of hosts) for (const meta of declared) if (ownsMethod(host, meta.method)) bind(tools, host, meta);
}

function bind(tools: Map<string, Bound>, host: object, meta: RegisteredChartTool): void {
  const method: ToolMethod = meta.method;
  const liveParameters = meta.liveParameters as ((h: object) => TObject) | undefined;
  tools.set(meta.name, {
    name: meta.name,
    label: meta.label,
    description: meta.description,
    // A schema that changes at run time (`liveParameters`) is read anew by every reader, and by a spread.
    get parameters() {
      return liveParameters ? liveParameters(host) : meta.parameters;
    },
    safety: meta.safety,
    executionMode: meta.executionMode,
    kind: 'builtin',
    invoke: async (input, ctx) => method.call(host, input as never, ctx),
    live: meta.liveDescription ? () => (meta.liveDescription as (h: object) => string)(host) : undefined,
  });
}

/** True when `method` is found (by identity) on `host` or its prototype chain. */
function ownsMethod(host: object, method: unknown): boolean {
  for (let proto: object | null = host; proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
    for (const key of Object.getOwnPropertyNames(proto)) {
      const desc = Object.getOwnPropertyDescriptor(proto, key);
      if (desc && desc.value === method) return true;
    }
  }
  return false;
}
