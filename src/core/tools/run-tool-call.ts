import type { TObject } from '@sinclair/typebox';
import type { ToolErrorDetail, ToolResult, ToolSafety } from '../../protocol/index.js';
import { ToolCallError } from './tool-error.js';
import type { ToolCallContext } from './tool-metadata.js';
import type { Bound, ToolExecuteOptions, ToolRegistryOptions } from './tool-registry-types.js';
import { failure } from './tool-failure.js';
import { allowedForAgent } from './allowed-for-agent.js';
import { safeText } from './safe-text.js';
import { toPlainInput } from './to-plain-input.js';
import { checkToolInput, toolInputErrors, type CheckedInput } from './validate-tool-input.js';

const MAX_DEPTH = 4;

/** What running a call needs of its registry (tool-registry.ts). */
export interface ToolCallHost {
  /** The registry's tools by name, in registration order. */
  readonly tools: ReadonlyMap<string, Bound>;
  readonly options: ToolRegistryOptions;
  /** The chart's last mutation: the next one runs after it, one at a time per chart (see the end of executeCall). */
  queue: Promise<unknown>;
}

/**
 * One `ToolRegistry.execute`: validates, checks policy, runs the tool and returns a result. Never
 * throws and never rejects (docs/contracts.md "Tool results"). Loaded with the built-in tools
 * (tool-call-kit.ts, issue #12).
 */
export function runToolCall(host: ToolCallHost, name: string, input: unknown, options: unknown): Promise<ToolResult> {
  try {
    const read = readOptions(options);
    if ('problems' in read) {
      return Promise.resolve(
        failure(
          'invalid_input',
          `Invalid execute options for '${typeof name === 'string' ? name.slice(0, 80) : typeof name}'; nothing ran.`,
          {
            details: read.problems,
            recommendedAction:
              'Pass { signal?, readOnly?: boolean, runId?, callId?, origin?, onProgress? } or no options.',
          },
        ),
      );
    }
    return executeCall(host, name, input, read.options, 0, null).then(wellFormed, (error: unknown) =>
      internalFailure(name, error),
    );
  } catch (error) {
    return Promise.resolve(internalFailure(name, error));
  }
}

export async function executeCall(
  host: ToolCallHost,
  name: string,
  input: unknown,
  options: ToolExecuteOptions,
  depth: number,
  parentSafety: ToolSafety | null,
): Promise<ToolResult> {
  const tool = typeof name === 'string' ? host.tools.get(name) : undefined;
  if (!tool) {
    return failure(
      'unknown_tool',
      `Unknown tool '${typeof name === 'string' ? name.slice(0, 80) : `(${typeof name})`}'.`,
      {
        recommendedAction: `Use one of: ${[...host.tools.keys()].join(', ')}.`,
      },
    );
  }
  const origin = options.origin ?? 'user';
  if (origin === 'agent' && !allowedForAgent(host, name)) {
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
  const plain = toPlainInput(input);
  let validated = plain.ok ? safeValidate(tool.parameters, plain.value) : plain;
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
  const stamp = host.options.target();
  // Changes committed by child calls: a tool that fails after one of them cannot report "nothing changed".
  let childChanges = 0;
  const ctx: ToolCallContext = {
    signal,
    runId: options.runId,
    origin,
    progress: (fraction, message) => reportProgress(options.onProgress, fraction, message),
    assertTarget: () => {
      if (host.options.target() !== stamp) {
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
      executeCall(
        host,
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
      await host.options.beforeInvoke?.(name, checked.value);
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
  const around = host.options.aroundRunCall;
  const runId = options.runId;
  const tagged =
    around && runId ? () => around({ runId, ...(options.callId ? { callId: options.callId } : {}) }, run) : run;
  const turn = host.queue.then(tagged, tagged);
  host.queue = turn.catch(() => undefined);
  return turn;
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

function isAbortError(error: unknown): boolean {
  try {
    return error instanceof Error && error.name === 'AbortError';
  } catch {
    return false;
  }
}

export function internalFailure(name: unknown, error: unknown): ToolResult {
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
    checked = checkToolInput(schema, value);
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
        return { ok: false, details: toolInputErrors(schema, checked.value, Errors) };
      } catch {
        return COULD_NOT_VALIDATE;
      }
    },
    () => ({ ok: false, details: [{ path: '(input)', reason: 'does not match the parameters schema' }] }),
  );
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

const OPTION_KEYS = new Set(['signal', 'readOnly', 'runId', 'callId', 'origin', 'onProgress']);

/**
 * Options read once, defensively, and checked: not an object, an unknown key, a value of the wrong
 * type (`readOnly: 'yes'` ran mutating tools), an unknown origin, a fake signal or a throwing getter
 * is refused (`invalid_input` naming each) rather than silently taken as something else. `null`,
 * `undefined` and keys set to `undefined` mean "not given".
 */
function readOptions(options: unknown): { options: ToolExecuteOptions } | { problems: ToolErrorDetail[] } {
  if (options === undefined || options === null) return { options: { readOnly: false, origin: 'user' } };
  if (typeof options !== 'object' || Array.isArray(options))
    return {
      problems: [
        { path: 'options', reason: 'expected an object { signal?, readOnly?, runId?, callId?, origin?, onProgress? }' },
      ],
    };
  const problems: ToolErrorDetail[] = [];
  const o: Record<string, unknown> = {};
  try {
    for (const key of Object.keys(options)) {
      if (!OPTION_KEYS.has(key)) problems.push({ path: `options.${key.slice(0, 40)}`, reason: 'unknown option' });
    }
  } catch {
    return { problems: [{ path: 'options', reason: 'its keys could not be read' }] };
  }
  for (const key of OPTION_KEYS) {
    try {
      o[key] = (options as Record<string, unknown>)[key];
    } catch {
      problems.push({ path: `options.${key}`, reason: 'could not be read' });
    }
  }
  const { signal, origin, runId, callId, onProgress, readOnly } = o;
  const wrong = (key: string, reason: string) => problems.push({ path: `options.${key}`, reason });
  if (signal !== undefined && !(typeof AbortSignal !== 'undefined' && signal instanceof AbortSignal))
    wrong('signal', 'expected an AbortSignal');
  if (readOnly !== undefined && typeof readOnly !== 'boolean') wrong('readOnly', 'expected true or false');
  if (runId !== undefined && typeof runId !== 'string') wrong('runId', 'expected a string');
  if (callId !== undefined && typeof callId !== 'string') wrong('callId', 'expected a string');
  if (onProgress !== undefined && typeof onProgress !== 'function') wrong('onProgress', 'expected a function');
  if (origin !== undefined && origin !== 'user' && origin !== 'host' && origin !== 'agent')
    wrong('origin', "expected 'user', 'host' or 'agent'");
  if (problems.length) return { problems };
  return {
    options: {
      ...(onProgress ? { onProgress: onProgress as ToolExecuteOptions['onProgress'] } : {}),
      ...(signal ? { signal: signal as AbortSignal } : {}),
      readOnly: readOnly === true,
      ...(typeof runId === 'string' ? { runId } : {}),
      ...(typeof callId === 'string' ? { callId } : {}),
      origin: (origin as ToolExecuteOptions['origin']) ?? 'user',
    },
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
export function isFailedResult(value: unknown): value is import('../../protocol/index.js').ToolFailure {
  if (!value || typeof value !== 'object') return false;
  const v = value as { success?: unknown; error?: { code?: unknown; message?: unknown } };
  return v.success === false && typeof v.error?.code === 'string' && typeof v.error.message === 'string';
}
