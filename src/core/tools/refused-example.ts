import type { HostToolDefinition } from './define-tool.js';
import { exampleError } from './example-error.js';
import { safeText } from './safe-text.js';

/** The answer per tool, once TypeBox has checked its examples (a failed load is not kept). */
const answers = new WeakMap<HostToolDefinition, Promise<string | null>>();

/**
 * The error for the first example of a host tool that TypeBox refuses, or null: for a schema the
 * compiled checks do not cover, which `ToolRegistry.register` cannot check at once. Asked by every
 * call of the tool (invoke-host-tool.ts, in the tool-call kit), so TypeBox's value modules load with
 * the first call, not with `register` (issue #12). When they cannot be fetched the call says so and
 * the next call tries again.
 */
export function refusedExample(definition: HostToolDefinition): Promise<string | null> {
  const { name, parameters, examples = [] } = definition;
  let answer = answers.get(definition);
  if (!answer) {
    answer = import('./typebox-value.js').then(
      ({ typeBoxCheck }) => {
        const index = examples.findIndex((example) => !typeBoxCheck(parameters, example.input));
        return index < 0 ? null : exampleError(name, index);
      },
      (error: unknown) => {
        answers.delete(definition);
        return `The examples of tool '${name}' could not be checked: ${safeText(error)}`;
      },
    );
    answers.set(definition, answer);
  }
  return answer;
}
