import type { TSchema } from '@sinclair/typebox';
import { Check } from '@sinclair/typebox/value';
import { Errors } from '@sinclair/typebox/errors';
import type { ToolErrorDetail } from '../protocol/index.js';
import { toFieldPath } from '../core/tools/validate-tool-input.js';

/**
 * Checks `input` against a TypeBox schema with `Value` only (TypeCompiler generates code with
 * `new Function`, which a strict Content-Security-Policy forbids). At most five details, whose paths
 * name declared fields and indexes (`options[2].label`), never input values.
 */
export function validateInput<T>(
  schema: TSchema,
  input: unknown,
): { ok: true; value: T } | { ok: false; details: ToolErrorDetail[] } {
  if (Check(schema, input)) return { ok: true, value: input as T };
  const details: ToolErrorDetail[] = [];
  const seen = new Set<string>();
  for (const error of Errors(schema, input)) {
    const path = toFieldPath(error.path);
    if (seen.has(path)) continue;
    seen.add(path);
    details.push({ path, reason: error.message.charAt(0).toLowerCase() + error.message.slice(1) });
    if (details.length === 5) break;
  }
  return { ok: false, details };
}
