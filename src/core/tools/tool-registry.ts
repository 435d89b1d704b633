import type { ToolDescriptor, ToolResult } from '../../protocol/index.js';
import { deepFreeze } from './deep-freeze.js';
import { RESERVED_TOOL_PREFIXES, type HostToolDefinition } from './define-tool.js';
import { eagerToolBinder } from './default-tool-binder.js';
import { toModelSchema } from './to-model-schema.js';
import { compileCheck } from './compile-check.js';
import { lazyModule } from './lazy-module.js';
import { safeText } from './safe-text.js';
import { exampleError } from './example-error.js';
import type { ToolCallHost } from './run-tool-call.js';
import type { Bound, ToolEntry, ToolExecuteOptions, ToolRegistryOptions } from './tool-registry-types.js';

export type { ToolEntry, ToolExecuteOptions, ToolPolicy, ToolRegistryOptions } from './tool-registry-types.js';

type ToolCallKit = typeof import('./tool-call-kit.js');
/** Input reading and checking, shared by every registry once loaded (tool-call-kit.ts). */
let kit: ToolCallKit | null = null;
const loadKit = lazyModule(() => import('./tool-call-kit.js').then((module) => (kit = module)));

const TOOL_NAME = /^[a-z][a-z0-9_]{0,63}$/;

/**
 * A chart's view of the tools: the `@tool` methods found on its command hosts (matched by function
 * identity, never by name) plus host-registered tools. One `execute` validates, checks policy,
 * serialises mutations and returns the result shapes of docs/contracts.md. It never throws.
 */
export class ToolRegistry {
  readonly #tools = new Map<string, Bound>();

  constructor(hosts: readonly object[], options: ToolRegistryOptions) {
    // What a call needs of the registry; the tool-call kit runs it (run-tool-call.ts).
    this.callHost = { tools: this.#tools, options, queue: Promise.resolve() };
    // The `@tool` methods of `hosts` (bind-tool-hosts.ts): bound at once where the binder is in the entry
    // (default-tool-binder.ts) or the tool-call kit is loaded, else by `ready()` with the built-in tools
    // (add-tool-hosts.ts), which read what `@tool` declared (registered-chart-tools.ts).
    (eagerToolBinder ?? kit?.bindToolHosts)?.(hosts, this.#tools);
    this.#loaded = kit !== null && !options.loadHosts;
  }

  #loaded: boolean;
  #loading: Promise<void> | null = null;

  /** Whether every built-in tool is listed and `execute` can run at once (both chunks are in). */
  get loaded(): boolean {
    return this.#loaded;
  }

  /**
   * Resolves when every built-in tool is listed and calls run without waiting: loads the hosts of
   * `loadHosts` and the input checks (tool-call-kit.ts) on the first call. Rejects when they cannot
   * be loaded (the next call tries again).
   */
  ready(): Promise<void> {
    if (this.#loaded) return Promise.resolve();
    return (this.#loading ??= Promise.all([this.callHost.options.loadHosts?.() ?? null, loadKit()]).then(
      ([hosts]) => {
        // Built-in tools keep their place before the host's own ones, whenever these were registered.
        if (hosts) (kit as ToolCallKit).addToolHosts(hosts, this.#tools);
        this.#loaded = true;
      },
      (error: unknown) => {
        this.#loading = null;
        throw error;
      },
    ));
  }

  /** Every tool, in registration order. */
  list(): ToolEntry[] {
    // A spread reads a built-in tool's live schema (bind-tool-hosts.ts).
    return [...this.#tools.values()].map(({ invoke: _i, live: _l, ...entry }) => entry);
  }

  has(name: string): boolean {
    return this.#tools.has(name);
  }

  /** Tools as an agent port describes them: JSON schemas and descriptions with live values. */
  describe(filter: (entry: ToolEntry) => boolean = () => true): ToolDescriptor[] {
    const out: ToolDescriptor[] = [];
    for (const tool of this.#tools.values()) {
      if (!filter(tool)) continue;
      const live = tool.live?.();
      out.push({
        name: tool.name,
        label: tool.label,
        description: live ? `${tool.description}\n${live}` : tool.description,
        // A plain, cloneable schema every OpenAI-compatible server accepts (enums, no TypeBox keys).
        parameters: toModelSchema(tool.parameters),
        safety: tool.safety,
        executionMode: tool.executionMode,
      });
    }
    return out;
  }

  /**
   * Adds a host tool. Returns a function that removes it. Rejects invalid or reserved names,
   * duplicates and examples that do not match the schema. A schema beyond the compiled checks'
   * shapes (compile-check.ts) has its examples checked by TypeBox when the tool is first called: a
   * wrong one then fails every call of the tool with an `internal` error naming the example
   * (docs/contracts.md "Host tools").
   */
  register(definition: HostToolDefinition): () => void {
    const { name } = definition;
    if (!TOOL_NAME.test(name)) throw new Error(`Tool name '${name}' must match ^[a-z][a-z0-9_]{0,63}$`);
    const reserved = RESERVED_TOOL_PREFIXES.find((p) => name.startsWith(p));
    if (reserved) throw new Error(`Tool name '${name}' uses the reserved prefix '${reserved}'`);
    if (this.#tools.has(name)) throw new Error(`A tool named '${name}' is already registered`);
    // Examples are checked now with the compiled check; a schema it does not cover waits for TypeBox,
    // which the tool's first call loads (refused-example.ts, issue #12): a wrong example then fails every call.
    const check = compileCheck(definition.parameters);
    const examples = definition.examples ?? [];
    examples.forEach((example, i) => {
      if (check && !check(example.input)) throw new Error(exampleError(name, i));
    });
    const lines = examples.map((e) => `Example (${e.description}): ${JSON.stringify(e.input)}`);
    const description = [definition.description, definition.instructions, ...lines]
      .filter(Boolean)
      .join('\n')
      .slice(0, 6000);
    const entry: Bound = {
      name,
      label: definition.label,
      description,
      parameters: deepFreeze(definition.parameters),
      safety: definition.safety,
      executionMode: definition.executionMode ?? (definition.safety === 'read-only' ? 'parallel' : 'sequential'),
      kind: 'host',
      // The call itself is in the tool-call kit (invoke-host-tool.ts), which every call loads first.
      invoke: async (input, ctx) => (kit as ToolCallKit).invokeHostTool(definition, this.callHost.options, input, ctx),
    };
    this.#tools.set(name, entry);
    return () => {
      if (this.#tools.get(name) === entry) this.#tools.delete(name);
    };
  }

  /**
   * Validates, checks policy, runs the tool and returns a result. Never throws and never rejects:
   * whatever goes wrong (a malformed name, input or options, a getter that throws, a host tool that
   * throws or returns something JSON cannot carry) becomes `{ success: false, stateChanged: false,
   * error: { code, message, retryable } }` (docs/contracts.md "Tool results").
   */
  execute(name: string, input: unknown, options: ToolExecuteOptions = {}): Promise<ToolResult> {
    // The checks and the call itself (run-tool-call.ts) load with the built-in tools; once they are in,
    // a call starts in the same tick.
    if (this.#loaded) return (kit as ToolCallKit).runToolCall(this.callHost, name, input, options);
    return this.ready().then(
      () => (kit as ToolCallKit).runToolCall(this.callHost, name, input, options),
      // tool-failure.ts `failure` written out: the rest of its callers are in the tool-call kit (issue #12).
      (error: unknown): ToolResult => ({
        success: false,
        stateChanged: false,
        error: {
          code: 'internal',
          message: `The chart's tools could not be loaded: ${safeText(error)}`,
          retryable: true,
          recommendedAction: 'Check the network connection and try again.',
        },
      }),
    );
  }

  /**
   * What a call needs of the registry, for the tool-call kit (run-tool-call.ts) and the agent port's
   * policy check (allowed-for-agent.ts): the tools by name and the chart's options.
   */
  readonly callHost: ToolCallHost;
}
