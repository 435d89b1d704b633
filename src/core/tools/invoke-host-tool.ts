import type { ToolSafety } from '../../protocol/index.js';
import type { HostToolDefinition } from './define-tool.js';
import { compileCheck } from './compile-check.js';
import { refusedExample } from './refused-example.js';
import { isFailedResult } from './run-tool-call.js';
import { ToolCallError } from './tool-error.js';
import type { ToolCallContext, ToolOutput } from './tool-metadata.js';
import type { ToolRegistryOptions } from './tool-registry-types.js';

/** Normalises a host tool's return value into a `ToolOutput`. */
export function toToolOutput(value: unknown, safety: ToolSafety): ToolOutput {
  if (value && typeof value === 'object' && 'data' in value) {
    const v = value as ToolOutput;
    return { data: v.data, text: v.text, stateChanged: v.stateChanged ?? safety !== 'read-only' };
  }
  return { data: value ?? null, stateChanged: safety !== 'read-only' };
}

/**
 * Runs a host tool (`ToolRegistry.register`): fails with `internal` when one of its examples does not
 * fit a schema the compiled checks do not cover (refused-example.ts: TypeBox decides; `register` has
 * checked the examples of every other schema), runs a mutating one as one undo step
 * (`aroundComposedCall`), hands back a failed child's result as its own failure, and shapes the rest
 * with {@link toToolOutput}. Part of the tool-call kit (tool-call-kit.ts), which every call loads first.
 */
export async function invokeHostTool(
  definition: HostToolDefinition,
  options: Pick<ToolRegistryOptions, 'context' | 'aroundComposedCall'>,
  input: unknown,
  ctx: ToolCallContext,
): Promise<ToolOutput> {
  if (definition.examples?.length && !compileCheck(definition.parameters)) {
    const bad = await refusedExample(definition);
    if (bad)
      throw new ToolCallError('internal', bad, { recommendedAction: 'Tell the user this tool is misconfigured.' });
  }
  const call = async () => definition.execute(input as never, { ...ctx, context: options.context() });
  const around = options.aroundComposedCall;
  const value = await (definition.safety !== 'read-only' && around ? around(definition.name, call) : call());
  // `return ctx.execute(child, …)` hands back the child's result: a failed child fails this tool too.
  if (isFailedResult(value)) {
    const { code, message, retryable, recommendedAction, details } = value.error;
    throw new ToolCallError(code, message, { retryable, recommendedAction, details, data: value.data });
  }
  return toToolOutput(value, definition.safety);
}
