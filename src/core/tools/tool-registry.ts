import type { TObject } from '@sinclair/typebox';
import type {
  ToolDescriptor,
  ToolErrorDetail,
  ToolExecutionMode,
  ToolResult,
  ToolSafety,
} from '../../protocol/index.js';
import { deepFreeze } from './deep-freeze.js';
import { RESERVED_TOOL_PREFIXES, toToolOutput, type HostToolDefinition } from './define-tool.js';
import { getRegisteredChartTools } from './tool-decorator.js';
import { ToolCallError } from './tool-error.js';
import { toModelSchema } from './to-model-schema.js';
import type { RegisteredChartTool, ToolCallContext, ToolMethod, ToolOutput } from './tool-metadata.js';
import { compileCheck } from './compile-check.js';
import type { CheckedInput } from './validate-tool-input.js';

type ToolCallKit = typeof import('./tool-call-kit.js');
/** Input reading and checking, shared by every registry once loaded (tool-call-kit.ts). */
let kit: ToolCallKit | null = null;
let kitLoading: Promise<ToolCallKit> | null = null;
function loadKit(): Promise<ToolCallKit> {
  return (kitLoading ??= import('./tool-call-kit.js').then(
    (module) => (kit = module),
    (error: unknown) => {
      kitLoading = null;
      throw error;
    },
  ));
}

/** Who may use which tools through the agent port. User calls are never restricted. */
export interface ToolPolicy {
  /** `off`: no agent; `read-only`: read-only tools only; `full`. */
  readonly agent: 'off' | 'read-only' | 'full';
  /** Tool names or prefixes ending in `*`; `null` = all. */
  readonly allow: readonly string[] | null;
}

export interface ToolExecuteOptions {
  readonly signal?: AbortSignal;
  readonly readOnly?: boolean;
  readonly runId?: string;
  /** The model's id for this call, recorded with the steps it commits. */
  readonly callId?: string;
  readonly origin?: 'user' | 'agent' | 'host';
  /** Receives the call's progress reports (paged history, symbol loads). */
  readonly onProgress?: (progress: { fraction?: number; message: string }) => void;
}

/** One tool as a chart's registry sees it. */
export interface ToolEntry {
  readonly name: string;
  readonly label: string;
  readonly description: string;
  readonly parameters: TObject;
  readonly safety: ToolSafety;
  readonly executionMode: ToolExecutionMode;
  /** `builtin` tools come from `@tool` methods; `host` tools from `register`. */
  readonly kind: 'builtin' | 'host';
}

interface Bound extends ToolEntry {
  invoke(input: unknown, ctx: ToolCallContext): Promise<ToolOutput>;
  live?: () => string;
  /** The schema when it changes at run time (`liveParameters`). */
  params?: () => TObject;
}

function paramsOf(tool: Bound): TObject {
  return tool.params?.() ?? tool.parameters;
}

const TOOL_NAME = /^[a-z][a-z0-9_]{0,63}$/;
const MAX_DEPTH = 4;

/** What a registry needs of its chart. */
export interface ToolRegistryOptions {
  policy: () => ToolPolicy;
  /** A stamp of what the chart targets (symbol, period, source, data generation). */
  target: () => string;
  /** The chart context handed to host tools. */
  context: () => unknown;
  /**
   * Wraps every top-level mutating call that belongs to an agent run, so the steps it commits
   * are recorded as that run's (the chart's "undo run").
   */
  aroundRunCall?: <T>(tag: { runId: string; callId?: string }, run: () => Promise<T>) => Promise<T>;
  /**
   * Wraps a mutating host tool's execution so the steps its child calls commit become ONE undo
   * step labelled with its name (docs/contracts.md "Host tools").
   */
  aroundComposedCall?: <T>(label: string, run: () => Promise<T>) => Promise<T>;
  /**
   * Awaited before a validated call runs (after policy and input checks): loads what the call
   * needs that may not be loaded yet, e.g. the code of the study it names.
   */
  beforeInvoke?: (name: string, input: unknown) => Promise<void> | void;
  /**
   * Loads the objects whose `@tool` methods are the rest of the built-in tools: in the browser bundle
   * they are a chunk of their own, fetched after the first paint (issue #12). Until they are in,
   * `list`, `describe` and `has` show only the tools of the constructor's hosts; `execute` waits for
   * them. A failed load is forgotten, so the next `ready()` or `execute` tries again.
   */
  loadHosts?: () => Promise<readonly object[]>;
}

/**
 * A chart's view of the tools: the `@tool` methods found on its command hosts (matched by function
 * identity, never by name) plus host-registered tools. One `execute` validates, checks policy,
 * serialises mutations and returns the result shapes of docs/contracts.md. It never throws.
 */
export class ToolRegistry {
  readonly #tools = new Map<string, Bound>();
  #mutationQueue: Promise<unknown> = Promise.resolve();

  readonly #options: ToolRegistryOptions;

  constructor(hosts: readonly object[], options: ToolRegistryOptions) {
    this.#options = options;
    this.#bindHosts(hosts);
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
    return (this.#loading ??= Promise.all([this.#options.loadHosts?.() ?? null, loadKit()]).then(
      ([hosts]) => {
        if (!hosts) {
          this.#loaded = true;
          return;
        }
        // Built-in tools keep their place before the host's own ones, whenever these were registered.
        const registered = [...this.#tools.values()].filter((t) => t.kind === 'host');
        for (const t of registered) this.#tools.delete(t.name);
        this.#bindHosts(hosts);
        for (const t of registered) if (!this.#tools.has(t.name)) this.#tools.set(t.name, t);
        this.#loaded = true;
      },
      (error: unknown) => {
        this.#loading = null;
        throw error;
      },
    ));
  }

  /** Binds the `@tool` methods of `hosts`: host by host, in the given order, each in declaration order. */
  #bindHosts(hosts: readonly object[]): void {
    const declared = getRegisteredChartTools();
    for (const host of hosts) for (const meta of declared) if (ownsMethod(host, meta.method)) this.#bind(host, meta);
  }

  #bind(host: object, meta: RegisteredChartTool): void {
    const method: ToolMethod = meta.method;
    this.#tools.set(meta.name, {
      name: meta.name,
      label: meta.label,
      description: meta.description,
      parameters: meta.parameters,
      safety: meta.safety,
      executionMode: meta.executionMode,
      kind: 'builtin',
      invoke: async (input, ctx) => method.call(host, input as never, ctx),
      live: meta.liveDescription ? () => (meta.liveDescription as (h: object) => string)(host) : undefined,
      params: meta.liveParameters ? () => (meta.liveParameters as (h: object) => TObject)(host) : undefined,
    });
  }

  /** Every tool, in registration order. */
  list(): ToolEntry[] {
    return [...this.#tools.values()].map(({ invoke: _i, live: _l, params: _p, ...entry }) =>
      _p ? { ...entry, parameters: _p() } : entry,
    );
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
        parameters: toModelSchema(paramsOf(tool)),
        safety: tool.safety,
        executionMode: tool.executionMode,
      });
    }
    return out;
  }

  /** Whether the policy lets an agent use `name` (ignores the run's read-only flag). */
  allowedForAgent(name: string): boolean {
    const tool = this.#tools.get(name);
    if (!tool) return false;
    const policy = this.#options.policy();
    if (policy.agent === 'off') return false;
    if (policy.agent === 'read-only' && tool.safety !== 'read-only') return false;
    if (policy.allow && !policy.allow.some((p) => (p.endsWith('*') ? name.startsWith(p.slice(0, -1)) : p === name)))
      return false;
    return true;
  }

  /**
   * Adds a host tool. Returns a function that removes it. Rejects invalid or reserved names,
   * duplicates and examples that do not match the schema. A schema beyond the compiled checks'
   * shapes (compile-check.ts) has its examples checked by TypeBox, loaded on demand: a wrong one
   * then fails every call of the tool with an `internal` error naming the example
   * (docs/contracts.md "Host tools").
   */
  register(definition: HostToolDefinition): () => void {
    const { name } = definition;
    if (!TOOL_NAME.test(name)) throw new Error(`Tool name '${name}' must match ^[a-z][a-z0-9_]{0,63}$`);
    const reserved = RESERVED_TOOL_PREFIXES.find((p) => name.startsWith(p));
    if (reserved) throw new Error(`Tool name '${name}' uses the reserved prefix '${reserved}'`);
    if (this.#tools.has(name)) throw new Error(`A tool named '${name}' is already registered`);
    // Examples are checked now with the compiled check; a schema it does not cover waits for
    // TypeBox (loaded on demand, issue #12), and a wrong example then fails every call of the tool.
    const check = compileCheck(definition.parameters);
    const badExample = check
      ? null
      : exampleMismatch(name, definition.parameters, definition.examples ?? []).catch(
          (error: unknown) => `The examples of tool '${name}' could not be checked: ${safeText(error)}`,
        );
    if (check) {
      for (const [i, example] of (definition.examples ?? []).entries()) {
        if (!check(example.input)) throw new Error(exampleError(name, i));
      }
    }
    const examples = (definition.examples ?? []).map((e) => `Example (${e.description}): ${JSON.stringify(e.input)}`);
    const description = [definition.description, definition.instructions, ...examples]
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
      invoke: async (input, ctx) => {
        const bad = await badExample;
        if (bad)
          throw new ToolCallError('internal', bad, { recommendedAction: 'Tell the user this tool is misconfigured.' });
        const call = async () => definition.execute(input as never, { ...ctx, context: this.#options.context() });
        const around = this.#options.aroundComposedCall;
        const value = await (definition.safety !== 'read-only' && around ? around(name, call) : call());
        // `return ctx.execute(child, …)` hands back the child's result: a failed child fails this tool too.
        if (isFailedResult(value)) {
          const { code, message, retryable, recommendedAction, details } = value.error;
          throw new ToolCallError(code, message, { retryable, recommendedAction, details, data: value.data });
        }
        return toToolOutput(value, definition.safety);
      },
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
    try {
      return this.#execute(name, input, readOptions(options), 0, null).then(wellFormed, (error: unknown) =>
        internalFailure(name, error),
      );
    } catch (error) {
      return Promise.resolve(internalFailure(name, error));
    }
  }

  async #execute(
    name: string,
    input: unknown,
    options: ToolExecuteOptions,
    depth: number,
    parentSafety: ToolSafety | null,
  ): Promise<ToolResult> {
    if (!this.#loaded) {
      try {
        await this.ready();
      } catch (error) {
        return failure('internal', `The chart's tools could not be loaded: ${safeText(error)}`, {
          retryable: true,
          recommendedAction: 'Check the network connection and try again.',
        });
      }
    }
    const tool = typeof name === 'string' ? this.#tools.get(name) : undefined;
    if (!tool) {
      return failure(
        'unknown_tool',
        `Unknown tool '${typeof name === 'string' ? name.slice(0, 80) : `(${typeof name})`}'.`,
        {
          recommendedAction: `Use one of: ${[...this.#tools.keys()].join(', ')}.`,
        },
      );
    }
    const origin = options.origin ?? 'user';
    if (origin === 'agent' && !this.allowedForAgent(name)) {
      return failure('not_allowed', `The chart does not allow the agent to use '${name}'.`, {
        recommendedAction: 'Use a read-only tool or tell the user this action is not permitted here.',
      });
    }
    if (tool.safety !== 'read-only' && (options.readOnly || parentSafety === 'read-only')) {
      return failure(
        'not_allowed',
        parentSafety === 'read-only'
          ? `'${name}' changes the chart, and a read-only tool may only call read-only tools.`
          : `'${name}' changes the chart, and this run is read-only.`,
        {
          recommendedAction: 'Ask the user to allow changes (turn off read-only) or answer without changing the chart.',
        },
      );
    }
    if (depth >= MAX_DEPTH) return failure('not_allowed', `Tools may be nested at most ${MAX_DEPTH} levels deep.`);
    // Read the input once into plain JSON: proto keys, cycles, throwing getters are refused here.
    const plain = (kit as ToolCallKit).toPlainInput(input);
    let validated = plain.ok ? safeValidate(paramsOf(tool), plain.value) : plain;
    // Only a refusal waits (for the wording of its errors); valid input goes on in the same tick.
    if (validated instanceof Promise) validated = await validated;
    const checked = validated;
    if (!checked.ok) {
      return failure('invalid_input', `Invalid input for '${name}'.`, {
        details: checked.details,
        recommendedAction: 'Fix the fields named in details and call again.',
      });
    }
    const signal = options.signal ?? new AbortController().signal;
    if (signal.aborted) return failure('aborted', 'The call was cancelled before it started.');
    const stamp = this.#options.target();
    // Changes committed by child calls: a tool that fails after one of them cannot report "nothing changed".
    let childChanges = 0;
    const ctx: ToolCallContext = {
      signal,
      runId: options.runId,
      origin,
      progress: (fraction, message) => reportProgress(options.onProgress, fraction, message),
      assertTarget: () => {
        if (this.#options.target() !== stamp) {
          throw new ToolCallError(
            'stale_binding',
            'The chart changed (symbol, period, source or data) while this call was running; nothing was committed.',
            {
              retryable: true,
              recommendedAction: 'Read chart_get_context again and repeat the call if it still applies.',
            },
          );
        }
      },
      execute: (childName, childInput) =>
        this.#execute(
          childName,
          childInput,
          { ...options, signal },
          depth + 1,
          tool.safety === 'read-only' ? 'read-only' : (parentSafety ?? tool.safety),
        )
          .then(wellFormed, (error: unknown) => internalFailure(childName, error))
          .then((result) => {
            if (result.success && result.stateChanged) childChanges++;
            return result;
          }),
    };
    const run = async (): Promise<ToolResult> => {
      try {
        await this.#options.beforeInvoke?.(name, checked.value);
        const output = await tool.invoke(checked.value, ctx);
        const stateChanged =
          typeof output?.stateChanged === 'boolean' ? output.stateChanged : tool.safety !== 'read-only';
        // docs/contracts.md "Tool results": a failure always has `stateChanged: false`. A call whose signal
        // aborted after its change was committed therefore reports the success it was (the change is
        // on the chart and in undo history); only a call that changed nothing reports `aborted`.
        if (signal.aborted && !stateChanged) return failure('aborted', 'The call was cancelled.');
        const text: unknown = output?.text;
        return {
          success: true,
          stateChanged,
          data: output?.data ?? null,
          ...(typeof text === 'string' ? { text } : {}),
        };
      } catch (error) {
        if (childChanges > 0) {
          // A failure may not claim a change (docs/contracts.md "Tool results"), yet the children's
          // changes are on the chart and in undo history: report what happened, with the error as text.
          const reason = error instanceof ToolCallError ? `${error.code}: ${safeText(error.message)}` : safeText(error);
          return {
            success: true,
            stateChanged: true,
            data: null,
            text: `'${name}' failed after ${childChanges} change${childChanges > 1 ? 's' : ''} it made had been applied (they stay and can be undone): ${reason}`,
          };
        }
        if (error instanceof ToolCallError) {
          return {
            success: false,
            stateChanged: false,
            error: {
              code: TOOL_ERROR_CODES.has(error.code) ? error.code : 'internal',
              message: safeText(error.message),
              retryable: error.retryable === true,
              ...(typeof error.recommendedAction === 'string' && error.recommendedAction
                ? { recommendedAction: error.recommendedAction }
                : {}),
              ...(Array.isArray(error.details) ? { details: cleanDetails(error.details) } : {}),
            },
            ...(error.data !== undefined ? { data: error.data } : {}),
          };
        }
        if (signal.aborted || isAbortError(error)) {
          return failure('aborted', 'The call was cancelled.');
        }
        return internalFailure(name, error);
      }
    };
    // Mutations run one at a time per chart; a nested call already holds the turn.
    if (tool.safety === 'read-only' || depth > 0) return run();
    const around = this.#options.aroundRunCall;
    const runId = options.runId;
    const tagged =
      around && runId ? () => around({ runId, ...(options.callId ? { callId: options.callId } : {}) }, run) : run;
    const turn = this.#mutationQueue.then(tagged, tagged);
    this.#mutationQueue = turn.catch(() => undefined);
    return turn;
  }
}

function failure(
  code: import('../../protocol/index.js').ToolErrorCode,
  message: string,
  extra: {
    retryable?: boolean;
    recommendedAction?: string;
    details?: readonly import('../../protocol/index.js').ToolErrorDetail[];
  } = {},
): ToolResult {
  return {
    success: false,
    stateChanged: false,
    error: {
      code,
      message,
      retryable: extra.retryable ?? false,
      ...(extra.recommendedAction ? { recommendedAction: extra.recommendedAction } : {}),
      ...(extra.details ? { details: extra.details } : {}),
    },
  };
}

const TOOL_ERROR_CODES: ReadonlySet<string> = new Set<import('../../protocol/index.js').ToolErrorCode>([
  'invalid_input',
  'unknown_tool',
  'not_allowed',
  'not_found',
  'out_of_range',
  'no_data',
  'ambiguous',
  'stale_binding',
  'aborted',
  'internal',
]);

/** `String(value)` that cannot throw (a thrown object may have a throwing `toString` or getter). */
function safeText(value: unknown, limit = 2000): string {
  try {
    const text = value instanceof Error ? value.message : typeof value === 'string' ? value : String(value);
    return typeof text === 'string' ? text.slice(0, limit) : 'unknown error';
  } catch {
    return 'unknown error';
  }
}

function isAbortError(error: unknown): boolean {
  try {
    return error instanceof Error && error.name === 'AbortError';
  } catch {
    return false;
  }
}

function internalFailure(name: unknown, error: unknown): ToolResult {
  const tool = typeof name === 'string' ? name.slice(0, 80) : `(${typeof name})`;
  return failure('internal', `'${tool}' failed: ${safeText(error)}`, { retryable: false });
}

/** At most five `{ path, reason }` details with string fields (a host may return anything). */
function cleanDetails(details: readonly unknown[]): import('../../protocol/index.js').ToolErrorDetail[] {
  const out: import('../../protocol/index.js').ToolErrorDetail[] = [];
  for (const d of details.slice(0, 5)) {
    const { path, reason } = (d ?? {}) as { path?: unknown; reason?: unknown };
    out.push({ path: safeText(path, 200), reason: safeText(reason, 500) });
  }
  return out;
}

type Validated = { ok: true; value: unknown } | { ok: false; details: ToolErrorDetail[] };

const COULD_NOT_VALIDATE: Validated = { ok: false, details: [{ path: '(input)', reason: 'could not be validated' }] };

/**
 * Validation that reports a schema or TypeBox failure as a refusal instead of throwing. Valid input
 * is answered synchronously; TypeBox's error module is imported only to word a refusal (it stays out
 * of the eager bundle: issue #12).
 */
function safeValidate(schema: TObject, value: unknown): Validated | Promise<Validated> {
  let checked: CheckedInput | Promise<CheckedInput>;
  try {
    checked = (kit as ToolCallKit).checkToolInput(schema, value);
  } catch {
    return COULD_NOT_VALIDATE;
  }
  if (checked instanceof Promise) {
    return checked.then(
      (result) => refusal(schema, result),
      () => COULD_NOT_VALIDATE,
    );
  }
  return refusal(schema, checked);
}

function refusal(schema: TObject, checked: CheckedInput): Validated | Promise<Validated> {
  if (checked.ok) return { ok: true, value: checked.value };
  return import('@sinclair/typebox/errors').then(
    ({ Errors }) => {
      try {
        return { ok: false, details: (kit as ToolCallKit).toolInputErrors(schema, checked.value, Errors) };
      } catch {
        return COULD_NOT_VALIDATE;
      }
    },
    () => ({ ok: false, details: [{ path: '(input)', reason: 'does not match the parameters schema' }] }),
  );
}

function exampleError(name: string, index: number): string {
  return `Example ${index} of tool '${name}' does not match its parameters schema`;
}

/** The error for the first example TypeBox refuses (for a schema the compiled check does not cover), or null. */
async function exampleMismatch(
  name: string,
  schema: TObject,
  examples: readonly { readonly input: unknown }[],
): Promise<string | null> {
  if (!examples.length) return null;
  const { typeBoxCheck } = await import('./typebox-value.js');
  const index = examples.findIndex((example) => !typeBoxCheck(schema, example.input));
  return index < 0 ? null : exampleError(name, index);
}

/** Hands one report to the caller's listener; a bad fraction is dropped, a throwing listener ignored. */
function reportProgress(
  listener: ToolExecuteOptions['onProgress'],
  fraction: number | undefined,
  message: string,
): void {
  if (!listener) return;
  const f = typeof fraction === 'number' && Number.isFinite(fraction) ? Math.min(1, Math.max(0, fraction)) : undefined;
  try {
    listener(f === undefined ? { message: String(message) } : { fraction: f, message: String(message) });
  } catch {
    // A listener's failure must not fail the tool.
  }
}

/** Options read once, defensively: a non-object, a throwing getter or a fake signal is ignored. */
function readOptions(options: unknown): ToolExecuteOptions {
  if (!options || typeof options !== 'object') return {};
  const o = options as Record<string, unknown>;
  const signal = o.signal;
  const origin = o.origin;
  const runId = o.runId;
  const callId = o.callId;
  const onProgress = o.onProgress;
  return {
    ...(typeof onProgress === 'function' ? { onProgress: onProgress as ToolExecuteOptions['onProgress'] } : {}),
    ...(typeof AbortSignal !== 'undefined' && signal instanceof AbortSignal ? { signal } : {}),
    readOnly: o.readOnly === true,
    ...(typeof runId === 'string' ? { runId } : {}),
    ...(typeof callId === 'string' ? { callId } : {}),
    // Anything but a known origin counts as the most restricted one.
    origin:
      origin === 'user' || origin === 'host' || origin === 'agent' ? origin : origin === undefined ? 'user' : 'agent',
  };
}

/**
 * The result as it will cross a port: it must survive `JSON.stringify` (no cycles, bigints or
 * throwing getters in `data`); otherwise the call reports `internal` (and, when it changed the
 * chart, says so in a success without data, since a failure may not claim a change).
 */
function wellFormed(result: ToolResult): ToolResult {
  try {
    JSON.stringify(result);
    return result;
  } catch (error) {
    if (result.success && result.stateChanged) {
      return {
        success: true,
        stateChanged: true,
        data: null,
        text: `The change was applied, but its result could not be serialised: ${safeText(error, 200)}`,
      };
    }
    return failure('internal', `The tool's result could not be serialised: ${safeText(error, 200)}`);
  }
}

/** A `{ success: false, error }` tool result, as `ctx.execute` returns for a refused child. */
function isFailedResult(value: unknown): value is import('../../protocol/index.js').ToolFailure {
  if (!value || typeof value !== 'object') return false;
  const v = value as { success?: unknown; error?: { code?: unknown; message?: unknown } };
  return v.success === false && typeof v.error?.code === 'string' && typeof v.error.message === 'string';
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
